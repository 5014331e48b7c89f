import { ApiFailure } from '../http/ApiFailure';
import { sdkRoute, type Route } from '../http/route';
import { insertEvents } from './eventStore';
import { array, defaulted, json, object, optional, record, string } from '../validate';

const eventLogBody = array(
  object({
    telemetry: defaulted(record(json()), () => ({})),
    event: object({
      public_token: string({ min: 1, max: 256 }),
      event_name: string({ min: 1, max: 256 }),
      details: defaulted(record(json()), () => ({})),
      error_code: optional(string({ max: 256 })),
      error_description: optional(string({ max: 4096 })),
    }),
  }),
  { max: 100 },
);

export const eventsRoutes: Route[] = [
  sdkRoute('POST /events', eventLogBody, async ({ body, project, services }) => {
    const foreign = body.findIndex((entry) => entry.event.public_token !== project.public_token);
    if (foreign !== -1) {
      throw new ApiFailure(
        'invalid_field',
        400,
        `[${foreign}].event.public_token: does not match the Authorization header.`,
      );
    }
    await insertEvents(services.db, project, body);
    return {};
  }),
];
