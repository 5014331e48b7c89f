import type { ClientData } from './clientData';
import type { WebAuthnFailure } from './webAuthnResult';
import { webAuthnFailure } from './webAuthnResult';

export interface ClientDataExpectations {
  type: 'webauthn.create' | 'webauthn.get';
  challenge: string;
  /** The provider's public origin: the frame, where the ceremony runs, is served from it. */
  authOrigin: string;
  /** The project's authorized host origins: the only pages allowed to embed the ceremony. */
  authorizedOrigins: readonly string[];
}

function canonicalOrigin(origin: string): string {
  // Tolerate a configured "http://host:port/" while still comparing the browser's value exactly.
  try {
    return new URL(origin).origin;
  } catch {
    return origin;
  }
}

/**
 * Checks the client data before any cryptography, so each mismatch gets its own error type.
 * Returns null when everything matches.
 */
export function checkClientData(data: ClientData, expected: ClientDataExpectations): WebAuthnFailure | null {
  if (data.type !== expected.type) {
    return webAuthnFailure('invalid_public_key_credential', `Client data type is "${data.type}".`);
  }
  if (data.challenge !== expected.challenge) {
    return webAuthnFailure('invalid_webauthn_challenge', 'The credential answers a different challenge.');
  }
  if (data.origin !== canonicalOrigin(expected.authOrigin)) {
    return webAuthnFailure('webauthn_origin_mismatch', `Origin "${data.origin}" is not the auth origin.`);
  }
  if (data.topOrigin !== undefined) {
    // WebAuthn §5.8.1: topOrigin is only set for cross-origin calls; anything else is forged.
    if (data.crossOrigin !== true) {
      return webAuthnFailure('webauthn_top_origin_not_authorized', 'topOrigin sent without crossOrigin.');
    }
    if (!expected.authorizedOrigins.includes(data.topOrigin)) {
      return webAuthnFailure(
        'webauthn_top_origin_not_authorized',
        `Top origin "${data.topOrigin}" is not an authorized origin of this project.`,
      );
    }
  }
  // crossOrigin without topOrigin (Safari, Firefox) is accepted: frame-ancestors already limits
  // which pages may embed the frame, and there is nothing more to check.
  return null;
}
