import * as v from 'valibot';
import { integer, jsonObject } from './fields';
import { codeChallenge, codeVerifier } from './pkce';
import { redirectUrl } from './redirectUrl';
import { backendSessionFields, signInSessionDuration } from './sessions';
import { text } from './text';

/** Stytch's bounds for `reset_password_expiration_minutes`; 30 when absent. */
export const RESET_EXPIRATION_MINUTES = { default: 30, min: 5, max: 10_080 } as const;

const email = () => text({ min: 1, max: 320 });
// Longer than any storable password (256 code points), so the precise check can name the limit.
const password = () => text({ max: 1024 });

export const usersSearchBody = jsonObject({ email: email() });

export const passwordStrengthCheckBody = jsonObject({
  email: v.exactOptional(text({ max: 320 })),
  password: password(),
});

/** Sign-up (`POST /passwords`) and log-in (`POST /passwords/authenticate`). */
export const passwordCredentialsBody = jsonObject({
  email: email(),
  password: password(),
  session_duration_minutes: signInSessionDuration(),
});

export const passwordResetStartBody = jsonObject({
  email: email(),
  login_redirect_url: redirectUrl(),
  reset_password_redirect_url: redirectUrl(),
  reset_password_expiration_minutes: v.exactOptional(
    integer(RESET_EXPIRATION_MINUTES.min, RESET_EXPIRATION_MINUTES.max),
  ),
  reset_password_template_id: v.exactOptional(text({ max: 256 })),
  locale: v.exactOptional(text({ max: 35 })),
  code_challenge: codeChallenge(),
});

export const passwordResetBody = jsonObject({
  token: text({ min: 1, max: 512 }),
  password: password(),
  session_duration_minutes: signInSessionDuration(),
  code_verifier: codeVerifier(),
});

/** `POST /v1/passwords/authenticate` (backend API). */
export const backendPasswordAuthenticateBody = jsonObject({
  email: email(),
  password: password(),
  ...backendSessionFields,
});

/** `POST /v1/passwords/existing_password/reset`: the current password proves the account. */
export const backendExistingPasswordResetBody = jsonObject({
  email: email(),
  existing_password: password(),
  new_password: password(),
  ...backendSessionFields,
});

/** `POST /v1/passwords/session/reset`: a live session proves the account (by token or JWT). */
export const backendSessionPasswordResetBody = jsonObject({
  password: password(),
  ...backendSessionFields,
});
