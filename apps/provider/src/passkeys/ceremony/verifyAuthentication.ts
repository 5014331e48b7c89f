import { verifyAuthenticationResponse } from '@simplewebauthn/server';
import { isoBase64URL, parseAuthenticatorData } from '@simplewebauthn/server/helpers';
import type { ParsedAuthenticatorData } from '@simplewebauthn/server/helpers';
import { checkClientData } from './checkClientData';
import { parseAuthenticationCredential } from './parseCredential';
import { rpIdHashMatches } from './rpIdHashMatches';
import type { WebAuthnResult } from './webAuthnResult';
import { webAuthnFailure } from './webAuthnResult';

export interface StoredCredential {
  /** base64url credential id, as returned by verifyRegistration. */
  id: string;
  /** COSE public key bytes, as returned by verifyRegistration. */
  publicKey: Uint8Array;
  counter: number;
}

export interface VerifyAuthenticationInput {
  /** The API's `public_key_credential`: AuthenticationResponseJSON as a string. */
  credentialJSON: string;
  expectedChallenge: string;
  authOrigin: string;
  rpId: string;
  authorizedOrigins: readonly string[];
  /** The registration the caller looked up by the credential's id. */
  credential: StoredCredential;
}

export interface VerifiedAuthentication {
  credentialId: string;
  /** Store this as the credential's counter. */
  newCounter: number;
  userVerified: boolean;
  backedUp: boolean;
}

function readAuthData(authenticatorData: string): ParsedAuthenticatorData | null {
  try {
    return parseAuthenticatorData(isoBase64URL.toBuffer(authenticatorData));
  } catch {
    return null;
  }
}

/** Verifies an assertion against a stored credential. Never throws. */
export async function verifyAuthentication(
  input: VerifyAuthenticationInput,
): Promise<WebAuthnResult<VerifiedAuthentication>> {
  const parsed = parseAuthenticationCredential(input.credentialJSON);
  if (!parsed.ok) return parsed;
  if (parsed.credential.id !== input.credential.id) {
    return webAuthnFailure('webauthn_verification_failed', 'The assertion is for another credential.');
  }
  const mismatch = checkClientData(parsed.clientData, {
    type: 'webauthn.get',
    challenge: input.expectedChallenge,
    authOrigin: input.authOrigin,
    authorizedOrigins: input.authorizedOrigins,
  });
  if (mismatch) return mismatch;
  const authData = readAuthData(parsed.credential.response.authenticatorData);
  if (!authData)
    return webAuthnFailure('invalid_public_key_credential', 'authenticatorData cannot be decoded.');
  if (!rpIdHashMatches(authData.rpIdHash, input.rpId)) {
    return webAuthnFailure('webauthn_rp_id_mismatch', `The assertion is not for RP ID "${input.rpId}".`);
  }
  const stored = input.credential.counter;
  // WebAuthn §7.2 step 22: a counter that does not grow (unless both are 0) signals a cloned authenticator.
  if ((authData.counter > 0 || stored > 0) && authData.counter <= stored) {
    return webAuthnFailure(
      'webauthn_counter_regression',
      `Signature counter ${authData.counter} is not above the stored ${stored}; the authenticator may be cloned.`,
    );
  }

  try {
    const result = await verifyAuthenticationResponse({
      response: parsed.credential,
      expectedChallenge: input.expectedChallenge,
      expectedOrigin: parsed.clientData.origin,
      expectedRPID: input.rpId,
      expectedTopOrigin: [...input.authorizedOrigins],
      credential: {
        id: input.credential.id,
        // Copy into a fresh ArrayBuffer-backed array: the library's type excludes shared buffers.
        publicKey: new Uint8Array(input.credential.publicKey),
        counter: stored,
      },
      // Options ask for UV as "preferred"; the caller may still insist via `userVerified`.
      requireUserVerification: false,
    });
    if (!result.verified)
      return webAuthnFailure('webauthn_verification_failed', 'The signature is not valid.');
    return {
      ok: true,
      credentialId: input.credential.id,
      newCounter: result.authenticationInfo.newCounter,
      userVerified: result.authenticationInfo.userVerified,
      backedUp: result.authenticationInfo.credentialBackedUp,
    };
  } catch (error) {
    return webAuthnFailure(
      'webauthn_verification_failed',
      error instanceof Error ? error.message : String(error),
    );
  }
}
