import { sdkPathRoute, sdkRoute, type Route } from '../http/route';
import { deleteRegistration } from '../passkeys';
import { requireSession } from '../sessions/requireSession';
import { registrationNotFound } from '../passkeys/webauthnCommon';

export const userRoutes: Route[] = [
  // The signed-in user, the User fields at the top level of `data`.
  sdkRoute('GET /users/me', null, async ({ project, services, sessionToken }) => {
    const { user } = await requireSession({ project, services, sessionToken });
    return user;
  }),

  sdkPathRoute(
    'DELETE /users/webauthn_registrations/{webauthn_registration_id}',
    null,
    async ({ c, project, services, sessionToken }) => {
      const { user_id } = await requireSession({ project, services, sessionToken });
      const deleted = await deleteRegistration(services.db, {
        projectId: project.project_id,
        userId: user_id,
        registrationId: c.req.param('webauthn_registration_id') ?? '',
      });
      if (!deleted) throw registrationNotFound();
      return { user_id };
    },
  ),
];
