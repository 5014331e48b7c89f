import * as v from 'valibot';
import { jsonObject, jsonRecord, list } from './fields';
import { text } from './text';

/** The most events one call may send. */
export const MAX_EVENTS_PER_CALL = 100;

/** The most one event may weigh, as JSON (UTF-8 bytes): the widget's largest, with a bootstrap, is about 2 KB. */
export const MAX_EVENT_BYTES = 16 * 1024;

const encoder = new TextEncoder();

const eventLogEntryFields = jsonObject({
  telemetry: v.exactOptional(jsonRecord(), () => ({})),
  event: jsonObject({
    public_token: text({ min: 1, max: 256 }),
    event_name: text({ min: 1, max: 256 }),
    details: v.exactOptional(jsonRecord(), () => ({})),
    error_code: v.exactOptional(text({ max: 256 })),
    error_description: v.exactOptional(text({ max: 4096 })),
  }),
});

const eventLogEntry = v.pipe(
  eventLogEntryFields,
  v.check(
    (entry) => encoder.encode(JSON.stringify(entry)).length <= MAX_EVENT_BYTES,
    `larger than ${MAX_EVENT_BYTES} bytes of JSON`,
  ),
);

/** `POST /events`: the frame's telemetry, sent in batches. */
export const eventsBody = list(eventLogEntry, { max: MAX_EVENTS_PER_CALL });
