import { generateRegistrationOptions } from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AuthenticatorSelectionCriteria } from '@simplewebauthn/server';
import { CEREMONY_TIMEOUT_MS, SUPPORTED_ALGORITHM_IDS } from './webAuthnSettings';

/** The API's `authenticator_type`: which kind of authenticator the user wants to create. */
export type AuthenticatorType = 'platform' | 'cross-platform';

export interface BuildRegistrationOptionsInput {
  rpId: string;
  rpName: string;
  user: { id: string; name: string; displayName: string };
  /** Credential ids (base64url) the user already has, so the browser refuses to re-register them. */
  excludeCredentialIds: readonly string[];
  isPasskey: boolean;
  authenticatorType?: AuthenticatorType | undefined;
  /** A base64url challenge from ChallengeStore.issue; when omitted the library generates one. */
  challenge?: string | undefined;
}

export interface BuiltOptions {
  /** The options as the JSON **string** the API returns (`public_key_credential_*_options`). */
  optionsJSON: string;
  challenge: string;
}

function selection(input: BuildRegistrationOptionsInput): AuthenticatorSelectionCriteria {
  const base: AuthenticatorSelectionCriteria = input.isPasskey
    ? // A passkey must be discoverable so the user can sign in without typing an identifier.
      { residentKey: 'required', requireResidentKey: true, userVerification: 'preferred' }
    : { residentKey: 'discouraged', requireResidentKey: false, userVerification: 'preferred' };
  return input.authenticatorType ? { ...base, authenticatorAttachment: input.authenticatorType } : base;
}

/** Creation options for `navigator.credentials.create()`, as the JSON string the API returns. */
export async function buildRegistrationOptions(input: BuildRegistrationOptionsInput): Promise<BuiltOptions> {
  const options = await generateRegistrationOptions({
    rpName: input.rpName,
    rpID: input.rpId,
    userName: input.user.name,
    userDisplayName: input.user.displayName,
    // The user handle is our user id, so a discoverable login tells us whose passkey it is.
    userID: new TextEncoder().encode(input.user.id),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: input.excludeCredentialIds.map((id) => ({ id })),
    authenticatorSelection: selection(input),
    supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
    // Bytes, not the string: the library would UTF-8 encode a string and change the challenge.
    ...(input.challenge === undefined ? {} : { challenge: isoBase64URL.toBuffer(input.challenge) }),
  });
  return { optionsJSON: JSON.stringify(options), challenge: options.challenge };
}
