import type { AuthenticateResponse } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import { AuthError } from '../errors/AuthError';
import type { Services } from '../http/deps';
import { authenticateSessionToken } from './authenticateSession';

/** The message of `user_unauthenticated` (docs/errors.md). */
const NO_SESSION = 'Must have an active session to call this method.';

/**
 * The live session of the Authorization header's session token, for endpoints that act for the
 * signed-in user. No token, or a dead one, is 401 `user_unauthenticated`.
 */
export async function requireSession({
  project,
  services,
  sessionToken,
}: {
  project: ProjectConfig;
  services: Services;
  sessionToken: string | null;
}): Promise<AuthenticateResponse> {
  if (!sessionToken) throw new AuthError('user_unauthenticated', NO_SESSION);
  try {
    return await authenticateSessionToken({
      db: services.db,
      project,
      authOrigin: services.authOrigin,
      sessionToken,
    });
  } catch (error) {
    if (error instanceof AuthError && error.error_type === 'session_not_found') {
      throw new AuthError('user_unauthenticated', NO_SESSION, { cause: error });
    }
    throw error;
  }
}
