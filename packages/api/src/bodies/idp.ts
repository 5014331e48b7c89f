import * as v from 'valibot';
import { flag, jsonObject, list } from './fields';
import { codeChallenge } from './pkce';
import { text } from './text';

const authorizeFields = {
  client_id: text({ min: 1, max: 256 }),
  redirect_uri: text({ min: 1, max: 2048 }),
  // Whatever the relying party asked for: `code` and `id_token` are served, and anything else goes
  // back to the client's (valid) redirect URI as `unsupported_response_type` (RFC 6749 4.1.2.1).
  response_type: text({ max: 256 }),
  // `query` or `form_post`; checked by the provider like the response type.
  response_mode: v.exactOptional(text({ max: 32 })),
  scopes: list(text({ max: 256 }), { max: 100 }),
  prompt: v.exactOptional(text({ max: 64 })),
  state: v.exactOptional(text({ max: 2048 })),
  nonce: v.exactOptional(text({ max: 512 })),
  code_challenge: codeChallenge(),
  // OpenID Connect extras the screen may forward; the provider checks their values itself, so a bad
  // one is an `invalid_request` sent to the redirect URI rather than an error screen.
  code_challenge_method: v.exactOptional(text({ max: 16 })),
  max_age: v.exactOptional(text({ max: 16 })),
};

/** The OAuth authorize request the identity-provider screen forwards. */
export const idpAuthorizeStartBody = jsonObject(authorizeFields);

export const idpAuthorizeSubmitBody = jsonObject({ ...authorizeFields, consent_granted: flag() });

export const idpLogoutStartBody = jsonObject({
  client_id: text({ min: 1, max: 256 }),
  post_logout_redirect_uri: text({ min: 1, max: 2048 }),
  state: v.exactOptional(text({ max: 2048 })),
  id_token_hint: v.exactOptional(text({ max: 8192 })),
});
