import { sdkPathRoute, type Route } from '../http/route';
import { bootstrapResponse } from '../config/bootstrapResponse';

export const bootstrapRoutes: Route[] = [
  sdkPathRoute('GET /projects/bootstrap/{public_token}', null, async ({ project }) =>
    bootstrapResponse(project),
  ),
];
