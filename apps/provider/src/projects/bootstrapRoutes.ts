import { sdkPathRoute, type Route } from '../http/route';
import { bootstrapResponse } from '../config/bootstrapResponse';

export const bootstrapRoutes: Route[] = [
  sdkPathRoute('GET /projects/bootstrap/{public_token}', async ({ project }) => bootstrapResponse(project)),
];
