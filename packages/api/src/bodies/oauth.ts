import * as v from 'valibot';
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

/** A landing page of a One Tap sign-in; null (as some clients send it) means the start's. */
const oneTapRedirectUrl = () => v.exactOptional(v.nullable(text({ min: 1, max: 2048 })));

/** `POST /v1/oauth/callback/{oauth_callback_id}` of Google One Tap: Google's credential (a JWT). */
export const oneTapSubmitBody = jsonObject({
  id_token: text({ min: 1, max: 16_384 }),
  login_redirect_url: oneTapRedirectUrl(),
  signup_redirect_url: oneTapRedirectUrl(),
});
