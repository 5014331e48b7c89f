import { sdkRoute, type Route } from '../http/route';
import { finishAuthentication } from '../sessions/finishAuthentication';
import { proveOAuthToken, providerFields } from './proveOAuthToken';

/** `POST /oauth/authenticate`: the landing page redeems the token OAuth left in its URL. */
export const oauthRoutes: Route[] = [
  sdkRoute('POST /oauth/authenticate', async (input) => {
    const { body, project, services } = input;
    const now = new Date();
    const { grant, ...proof } = await proveOAuthToken(services.db, project.project_id, {
      token: body.token,
      codeVerifier: body.code_verifier,
      now,
    });
    const auth = await finishAuthentication(input, {
      ...proof,
      durationMinutes: body.session_duration_minutes,
      now,
    });
    return { ...auth, ...providerFields(grant) };
  }),
];
