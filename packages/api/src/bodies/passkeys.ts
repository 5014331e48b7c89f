import * as v from 'valibot';
import { flag, jsonObject, oneOf } from './fields';
import { signInSessionDuration } from './sessions';
import { text } from './text';

/** `domain` of the start calls: empty means the default RP ID. */
const domain = () => v.exactOptional(text({ max: 253 }), '');
const isPasskey = () => v.exactOptional(flag(), false);

export const webauthnRegisterStartBody = jsonObject({
  domain: domain(),
  authenticator_type: v.exactOptional(oneOf(['platform', 'cross-platform'])),
  return_passkey_credential_options: isPasskey(),
  user_agent: v.exactOptional(text({ max: 1024 }), ''),
});

/** Primary (a passkey login) and secondary (a second factor for the session user). */
export const webauthnAuthenticateStartBody = jsonObject({
  domain: domain(),
  return_passkey_credential_options: isPasskey(),
});

/** `POST /webauthn/register` and `POST /webauthn/authenticate`. */
export const webauthnFinishBody = jsonObject({
  // A credential JSON is a few kilobytes; attestation certificates can make it larger.
  public_key_credential: text({ min: 1, max: 64 * 1024 }),
  session_duration_minutes: signInSessionDuration(),
});

export const webauthnUpdateBody = jsonObject({
  name: v.pipe(
    text({ min: 1, max: 100 }),
    v.check((name) => name.trim() !== '', 'must not be blank'),
  ),
});
