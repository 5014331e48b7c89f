import * as v from 'valibot';
import { jsonObject, jsonRecord, list } from './fields';
import { text } from './text';

const eventLogEntry = jsonObject({
  telemetry: v.exactOptional(jsonRecord(), () => ({})),
  event: jsonObject({
    public_token: text({ min: 1, max: 256 }),
    event_name: text({ min: 1, max: 256 }),
    details: v.exactOptional(jsonRecord(), () => ({})),
    error_code: v.exactOptional(text({ max: 256 })),
    error_description: v.exactOptional(text({ max: 4096 })),
  }),
});

/** `POST /events`: the frame's telemetry, sent in batches. */
export const eventsBody = list(eventLogEntry, { max: 100 });
