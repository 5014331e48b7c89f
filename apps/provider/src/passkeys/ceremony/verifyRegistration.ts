import { verifyRegistrationResponse } from '@simplewebauthn/server';
import type { CredentialDeviceType } from '@simplewebauthn/server';
import {
  decodeAttestationObject,
  isoBase64URL,
  parseAuthenticatorData,
} from '@simplewebauthn/server/helpers';
import { checkClientData } from './checkClientData';
import { parseRegistrationCredential } from './parseCredential';
import { rpIdHashMatches } from './rpIdHashMatches';
import type { WebAuthnResult } from './webAuthnResult';
import { webAuthnFailure } from './webAuthnResult';
import { SUPPORTED_ALGORITHM_IDS } from './webAuthnSettings';

export interface VerifyRegistrationInput {
  /** The API's `public_key_credential`: RegistrationResponseJSON as a string. */
  credentialJSON: string;
  /** The challenge consumed from the ChallengeStore for this ceremony. */
  expectedChallenge: string;
  authOrigin: string;
  rpId: string;
  authorizedOrigins: readonly string[];
}

export interface VerifiedRegistration {
  /** base64url; the id the browser sends back at authentication. */
  credentialId: string;
  /** COSE-encoded public key, to store as bytes. */
  publicKey: Uint8Array;
  counter: number;
  transports: string[];
  aaguid: string;
  userVerified: boolean;
  backedUp: boolean;
  deviceType: CredentialDeviceType;
}

/** Reads the RP ID hash without trusting the CBOR; null when it cannot be decoded. */
function readRpIdHash(attestationObject: string): Uint8Array | null {
  try {
    const authData = decodeAttestationObject(isoBase64URL.toBuffer(attestationObject)).get('authData');
    return parseAuthenticatorData(authData).rpIdHash;
  } catch {
    return null;
  }
}

/**
 * Verifies a registration ceremony. Never throws: malformed input and every failed check come
 * back as `{ ok: false, error_type }`. Duplicate credential ids are the caller's check (storage).
 */
export async function verifyRegistration(
  input: VerifyRegistrationInput,
): Promise<WebAuthnResult<VerifiedRegistration>> {
  const parsed = parseRegistrationCredential(input.credentialJSON);
  if (!parsed.ok) return parsed;
  const mismatch = checkClientData(parsed.clientData, {
    type: 'webauthn.create',
    challenge: input.expectedChallenge,
    authOrigin: input.authOrigin,
    authorizedOrigins: input.authorizedOrigins,
  });
  if (mismatch) return mismatch;
  const rpIdHash = readRpIdHash(parsed.credential.response.attestationObject);
  if (!rpIdHash)
    return webAuthnFailure('invalid_public_key_credential', 'attestationObject cannot be decoded.');
  if (!rpIdHashMatches(rpIdHash, input.rpId)) {
    return webAuthnFailure(
      'webauthn_rp_id_mismatch',
      `The credential was not created for RP ID "${input.rpId}".`,
    );
  }

  try {
    const result = await verifyRegistrationResponse({
      response: parsed.credential,
      expectedChallenge: input.expectedChallenge,
      // checkClientData has already matched it to the auth origin.
      expectedOrigin: parsed.clientData.origin,
      expectedRPID: input.rpId,
      // Options ask for UV as "preferred", so an authenticator without UV is still valid.
      requireUserVerification: false,
      supportedAlgorithmIDs: SUPPORTED_ALGORITHM_IDS,
    });
    if (!result.verified)
      return webAuthnFailure('webauthn_verification_failed', 'Attestation was not verified.');
    const info = result.registrationInfo;
    return {
      ok: true,
      credentialId: info.credential.id,
      publicKey: info.credential.publicKey,
      counter: info.credential.counter,
      transports: parsed.credential.response.transports ?? [],
      aaguid: info.aaguid,
      userVerified: info.userVerified,
      backedUp: info.credentialBackedUp,
      deviceType: info.credentialDeviceType,
    };
  } catch (error) {
    return webAuthnFailure(
      'webauthn_verification_failed',
      error instanceof Error ? error.message : String(error),
    );
  }
}
