import { generateAuthenticationOptions } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { BuiltOptions } from './buildRegistrationOptions';
import { CEREMONY_TIMEOUT_MS } from './webAuthnSettings';

export interface BuildAuthenticationOptionsInput {
  rpId: string;
  /** Omit (or pass empty) for a passkey login, where the browser lists discoverable credentials. */
  allowCredentialIds?: readonly string[] | undefined;
  /** A base64url challenge from ChallengeStore.issue; when omitted the library generates one. */
  challenge?: string | undefined;
}

/** Request options for `navigator.credentials.get()`, as the JSON string the API returns. */
export async function buildAuthenticationOptions(
  input: BuildAuthenticationOptionsInput,
): Promise<BuiltOptions> {
  const allow = input.allowCredentialIds ?? [];
  const options = await generateAuthenticationOptions({
    rpID: input.rpId,
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'preferred',
    ...(allow.length > 0 ? { allowCredentials: allow.map((id) => ({ id })) } : {}),
    // Bytes, not the string: the library would UTF-8 encode a string and change the challenge.
    ...(input.challenge === undefined ? {} : { challenge: isoBase64URL.toBuffer(input.challenge) }),
  });
  return { optionsJSON: JSON.stringify(options), challenge: options.challenge };
}
