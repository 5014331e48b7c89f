import { AuthError } from '../errors/AuthError';
import { sdkRoute, type Route } from '../http/route';
import { finishAuthentication } from '../sessions/finishAuthentication';
import { consumeOAuthFailure } from './oauthFailures';
import { proveOAuthToken, providerFields, type OAuthProof } from './proveOAuthToken';

/** `POST /oauth/authenticate`: the landing page redeems the token OAuth left in its URL. */
export const oauthRoutes: Route[] = [
  sdkRoute('POST /oauth/authenticate', async (input) => {
    const { body, project, services } = input;
    const now = new Date();
    let proof: OAuthProof;
    try {
      proof = await proveOAuthToken(services.db, project, {
        token: body.token,
        codeVerifier: body.code_verifier,
        requestSession: { sessionToken: input.sessionToken },
        now,
      });
    } catch (error) {
      if (!(error instanceof AuthError) || error.error_type !== 'oauth_token_not_found') throw error;
      // A sign-in that failed upstream left a failure token: its redemption is the error.
      const failure = await consumeOAuthFailure(services.db, {
        projectId: project.project_id,
        token: body.token,
        now,
      });
      if (failure) throw new AuthError(failure.error_type, failure.error_message);
      throw error;
    }
    const { grant, userId, factor } = proof;
    const auth = await finishAuthentication(input, {
      userId,
      factor,
      durationMinutes: body.session_duration_minutes,
      now,
    });
    return { ...auth, ...providerFields(grant) };
  }),
];
