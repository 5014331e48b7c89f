import * as v from 'valibot';
import { flag, integer, jsonObject } from './fields';
import { codeChallenge, codeVerifier } from './pkce';
import { redirectUrl } from './redirectUrl';
import { backendSessionFields, signInSessionDuration } from './sessions';
import { text } from './text';

/** Login and sign-up links default to 30 minutes; the hosted API accepts 5 to 10080. */
export const MAGIC_LINK_EXPIRATION_MINUTES = { default: 30, min: 5, max: 10_080 } as const;

const expirationMinutes = () =>
  v.exactOptional(integer(MAGIC_LINK_EXPIRATION_MINUTES.min, MAGIC_LINK_EXPIRATION_MINUTES.max));

export const magicLinkLoginOrCreateBody = jsonObject({
  email: text({ min: 1, max: 320 }),
  login_magic_link_url: redirectUrl(),
  signup_magic_link_url: redirectUrl(),
  login_expiration_minutes: expirationMinutes(),
  signup_expiration_minutes: expirationMinutes(),
  login_template_id: v.exactOptional(text({ max: 256 })),
  signup_template_id: v.exactOptional(text({ max: 256 })),
  locale: v.exactOptional(text({ max: 35 })),
  code_challenge: codeChallenge(),
  create_user_as_pending: v.exactOptional(flag()),
});

/** Magic links, and the reset email's token when it logs in without a password. */
export const magicLinkAuthenticateBody = jsonObject({
  token: text({ min: 1, max: 512 }),
  session_duration_minutes: signInSessionDuration(),
  code_verifier: codeVerifier(),
});

/** `POST /v1/magic_links/authenticate` (backend API): the server that received the redirect redeems it. */
export const backendMagicLinkAuthenticateBody = jsonObject({
  token: text({ min: 1, max: 512 }),
  code_verifier: codeVerifier(),
  ...backendSessionFields,
});

/** `POST /v1/magic_links/email/send` (backend API): a login link to an existing user's address. */
export const backendMagicLinkSendBody = jsonObject({
  email: text({ min: 1, max: 320 }),
  login_magic_link_url: redirectUrl(),
  signup_magic_link_url: redirectUrl(),
  login_expiration_minutes: expirationMinutes(),
  signup_expiration_minutes: expirationMinutes(),
  login_template_id: v.exactOptional(text({ max: 256 })),
  signup_template_id: v.exactOptional(text({ max: 256 })),
  locale: v.exactOptional(text({ max: 35 })),
  code_challenge: codeChallenge(),
});
