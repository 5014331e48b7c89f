import { ApiError, NetworkError } from '@latch/api';
import type { StringId } from '@latch/protocol';

/** The provider answered a passkey sign-in without a session (an "empty response"). */
export class EmptyPasskeyResponse extends Error {
  constructor() {
    super('The passkey authentication answered without a session.');
    this.name = 'EmptyPasskeyResponse';
  }
}

/** The visitor dismissed the browser's prompt, or another ceremony replaced ours. */
export function isCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

// What Safari says for a passkey synced from another device that is already registered.
const SAFARI_DUPLICATE = 'At least one credential matches an entry of the excludeCredentials list';

/**
 * The message for a failed passkey sign-in, or `null` to stay silent: a
 * cancel, or (on the autofill path, where the visitor asked for nothing) a browser-side failure.
 */
export function authenticationErrorId(error: unknown, conditional: boolean): StringId | null {
  if (error instanceof ApiError) {
    return error.error_type === 'webauthn_registration_not_found'
      ? 'error.webauthn_registration_not_found'
      : 'error.passkeyUnknown';
  }
  if (error instanceof EmptyPasskeyResponse) return 'error.passkeyUnknown';
  if (error instanceof NetworkError) return 'error.network';
  if (conditional || isCancelled(error)) return null;
  return 'error.passkeyUnknown';
}

/** The message for a failed passkey registration. */
export function registrationErrorId(error: unknown): StringId {
  const duplicate =
    (error instanceof ApiError && error.error_type === 'duplicate_webauthn_registration') ||
    (error instanceof Error &&
      (error.name === 'InvalidStateError' || error.message.includes(SAFARI_DUPLICATE)));
  return duplicate ? 'error.duplicatePasskey' : 'error.passkeyNotCreated';
}
