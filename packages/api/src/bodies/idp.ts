import * as v from 'valibot';
import { flag, jsonObject, list, oneOf } from './fields';
import { expected } from './expected';
import { codeChallenge } from './pkce';
import { text } from './text';

const authorizeFields = {
  client_id: text({ min: 1, max: 256 }),
  redirect_uri: text({ min: 1, max: 2048 }),
  // A string for the caller, who forwards whatever the relying party asked for; only `code` is served.
  response_type: v.pipe(
    text(),
    v.check((value) => value === 'code', expected('one of code')),
  ),
  scopes: list(text({ max: 256 }), { max: 100 }),
  prompt: v.exactOptional(text({ max: 64 })),
  state: v.exactOptional(text({ max: 2048 })),
  nonce: v.exactOptional(text({ max: 512 })),
  code_challenge: codeChallenge(),
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

/** `POST /v1/oauth2/token` (RFC 6749 section 4.1.3, RFC 7636), as JSON or form fields. */
export const oauth2TokenBody = jsonObject({
  grant_type: oneOf(['authorization_code']),
  code: text({ min: 1, max: 512 }),
  redirect_uri: text({ min: 1, max: 2048 }),
  client_id: v.exactOptional(text({ min: 1, max: 256 })),
  client_secret: v.exactOptional(text({ min: 1, max: 512 })),
  code_verifier: v.exactOptional(text({ min: 43, max: 128 })),
});
