import type { ErrorType } from '@latch/api';

/**
 * Error types the WebAuthn domain answers with. Routes copy `error_type` into the API's error
 * envelope unchanged; `satisfies` keeps every one of them in `@latch/api` ERROR_TYPES.
 */
export const WEBAUTHN_ERROR_TYPES = [
  'invalid_public_key_credential',
  'invalid_webauthn_challenge',
  'webauthn_origin_mismatch',
  'webauthn_top_origin_not_authorized',
  'webauthn_rp_id_mismatch',
  'webauthn_invalid_rp_id',
  'webauthn_counter_regression',
  'webauthn_verification_failed',
] as const satisfies readonly ErrorType[];

export type WebAuthnErrorType = (typeof WEBAUTHN_ERROR_TYPES)[number];

export interface WebAuthnFailure {
  ok: false;
  error_type: WebAuthnErrorType;
  /** For logs and the API's error_message; never shown to end users as-is. */
  message: string;
}

export type WebAuthnResult<T> = ({ ok: true } & T) | WebAuthnFailure;

export function webAuthnFailure(error_type: WebAuthnErrorType, message: string): WebAuthnFailure {
  return { ok: false, error_type, message };
}
