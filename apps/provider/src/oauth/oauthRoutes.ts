import { ApiFailure } from '../http/ApiFailure';
import { sdkRoute, type Route } from '../http/route';
import { consumeOAuthFailure } from './oauthFailures';
import { consumeOAuthToken } from './oauthTokens';
import { finishAuthentication } from '../sessions/finishAuthentication';
import { activateUser } from '../users';

/** `POST /oauth/authenticate`: the landing page redeems the token OAuth left in its URL. */
export const oauthRoutes: Route[] = [
  sdkRoute('POST /oauth/authenticate', async (input) => {
    const { body, project, services } = input;
    const now = new Date();
    const used = await consumeOAuthToken(services.db, {
      projectId: project.project_id,
      token: body.token,
      codeVerifier: body.code_verifier,
      now,
    });
    if (!used) {
      // A sign-in that failed upstream left a failure token: its redemption is the error.
      const failure = await consumeOAuthFailure(services.db, {
        projectId: project.project_id,
        token: body.token,
        now,
      });
      if (failure) throw new ApiFailure(failure.error_type, 400, failure.error_message);
      throw new ApiFailure('oauth_token_not_found', 404, 'OAuth Token could not be found.');
    }
    const { userId, grant } = used;
    await activateUser(services.db, userId);
    const auth = await finishAuthentication(input, {
      userId,
      factor: {
        type: 'oauth',
        delivery_method: `oauth_${grant.providerType}`,
        oauth_factor: {
          id: grant.registrationId,
          provider_subject: grant.providerSubject,
          ...(grant.emailId ? { email_id: grant.emailId } : {}),
        },
      },
      durationMinutes: body.session_duration_minutes,
      now,
    });
    return {
      ...auth,
      provider_subject: grant.providerSubject,
      provider_type: grant.providerType,
      // The upstream provider's tokens; the dev identity provider issues none of its own.
      provider_values: grant.providerValues ?? {
        access_token: '',
        refresh_token: '',
        id_token: '',
        scopes: grant.scopes,
        expires_at: null,
      },
    };
  }),
];
