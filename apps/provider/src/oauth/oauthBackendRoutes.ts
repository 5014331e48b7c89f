import { backendRoute } from '../http/backendRoute';
import type { Route } from '../http/route';
import { findNamedSession, finishBackendAuthentication } from '../sessions/finishBackendAuthentication';
import { proveOAuthToken, providerFields } from './proveOAuthToken';

/**
 * `POST /v1/oauth/authenticate` (project secret): the server that receives the OAuth redirect
 * redeems its token. As in the hosted API, the session is answered as `user_session`.
 */
export const oauthBackendRoutes: Route[] = [
  backendRoute('POST /v1/oauth/authenticate', async (input) => {
    const { body, project, services } = input;
    const now = new Date();
    const named = await findNamedSession(services, project, body, now);
    const { grant, claimed, ...proof } = await proveOAuthToken(services.db, project, {
      token: body.token,
      codeVerifier: body.code_verifier,
      requestSession: { sessionId: named?.session_id },
      now,
    });
    const { session, ...auth } = await finishBackendAuthentication(input, { ...proof, now }, body);
    return {
      ...auth,
      user_session: session,
      oauth_user_registration_id: grant.registrationId,
      reset_sessions: claimed,
      ...providerFields(grant),
    };
  }),
];
