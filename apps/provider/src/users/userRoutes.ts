import { sdkRoute, type Route } from '../http/route';
import { requireSession } from '../sessions/requireSession';

export const userRoutes: Route[] = [
  // The signed-in user, the User fields at the top level of `data`.
  sdkRoute('GET /users/me', async ({ project, services, sessionToken }) => {
    const { user } = await requireSession({ project, services, sessionToken });
    return user;
  }),
];
