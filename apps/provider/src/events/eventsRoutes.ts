import { ApiFailure } from '../http/ApiFailure';
import { sdkRoute, type Route } from '../http/route';
import { insertEvents } from './eventStore';
export const eventsRoutes: Route[] = [
  sdkRoute('POST /events', async ({ body, project, services }) => {
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
