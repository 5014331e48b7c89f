import { ApiFailure } from '../http/ApiFailure';
import { sdkRoute, type Route } from '../http/route';
import { authenticateSessionToken, revokeSession } from './authenticateSession';

const noSession = (): ApiFailure =>
  new ApiFailure(
    'unauthorized_credentials',
    401,
    'Send the session token as the password of Authorization: Basic base64(public_token:session_token).',
  );

export const sessionRoutes: Route[] = [
  sdkRoute('POST /sessions/authenticate', async ({ body, project, services, sessionToken }) => {
    if (!sessionToken) throw noSession();
    return authenticateSessionToken({
      db: services.db,
      project,
      authOrigin: services.authOrigin,
      sessionToken,
      durationMinutes: body.session_duration_minutes,
    });
  }),
  sdkRoute('POST /sessions/revoke', async ({ project, services, sessionToken }) => {
    if (!sessionToken) throw noSession();
    const revoked = await revokeSession({ db: services.db, project, sessionToken });
    if (!revoked)
      throw new ApiFailure('session_not_found', 404, 'The session expired, was revoked, or never existed.');
    return {};
  }),
];
