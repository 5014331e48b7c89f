import { SerializedAnswer } from '../http/envelope';
import { sdkRoute, type Route } from '../http/route';
import { answerJson } from './answeredSessions';
import { authenticateSessionToken, revokeSession } from './authenticateSession';
import { AuthError } from '../errors/AuthError';
import { sessionNotFound } from './sessionNotFound';

const noSession = (): AuthError =>
  new AuthError(
    'unauthorized_credentials',
    'Send the session token as the password of Authorization: Basic base64(public_token:session_token).',
  );

export const sessionRoutes: Route[] = [
  sdkRoute('POST /sessions/authenticate', async ({ body, project, services, sessionToken }) => {
    if (!sessionToken) throw noSession();
    const answer = await authenticateSessionToken({
      db: services.db,
      project,
      authOrigin: services.authOrigin,
      sessionToken,
      durationMinutes: body.session_duration_minutes,
    });
    return new SerializedAnswer(answer, answerJson(services.db, answer));
  }),
  sdkRoute('POST /sessions/revoke', async ({ project, services, sessionToken }) => {
    if (!sessionToken) throw noSession();
    const revoked = await revokeSession({ db: services.db, project, sessionToken });
    if (!revoked) throw sessionNotFound();
    return {};
  }),
];
