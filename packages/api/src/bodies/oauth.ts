import { jsonObject } from './fields';
import { codeVerifier } from './pkce';
import { backendSessionFields, signInSessionDuration } from './sessions';
import { text } from './text';

/** The landing page redeems the token OAuth left in its URL. */
export const oauthAuthenticateBody = jsonObject({
  token: text({ min: 1, max: 512 }),
  session_duration_minutes: signInSessionDuration(),
  code_verifier: codeVerifier(),
});

/** `POST /v1/oauth/authenticate` (backend API). */
export const backendOAuthAuthenticateBody = jsonObject({
  token: text({ min: 1, max: 512 }),
  code_verifier: codeVerifier(),
  ...backendSessionFields,
});
