import type { ErrorEnvelope } from './envelope';

/**
 * Error types the provider answers with. The list is the API; messages are not.
 * Each one is documented in docs/errors.md.
 */
export const ERROR_TYPES = [
  'bad_domain_for_stytch_sdk',
  'invalid_public_token',
  'bad_request',
  'invalid_json',
  'missing_field',
  'invalid_field',
  'not_found',
  'method_not_allowed',
  'internal_server_error',
  'invalid_email',
  'invalid_phone_number',
  'unsubscribed_phone_number',
  'inactive_email',
  'unauthorized_credentials',
  'user_unauthenticated',
  'email_not_found',
  'unable_to_auth_magic_link',
  'no_user_password',
  'breached_password',
  'weak_password',
  'duplicate_email',
  'duplicate_external_id',
  'password_not_found',
  'reset_password',
  'oauth_token_not_found',
  'invalid_code',
  'unauthorized_action',
  'user_lock_limit_reached',
  'invalid_session_token',
  'session_not_found',
  'invalid_phone_number_country_code',
  'otp_code_not_found',
  'invalid_secret_authentication',
  'redirect_url_not_found',
  'webauthn_registration_not_found',
  'duplicate_webauthn_registration',
  'invalid_webauthn_challenge',
  'invalid_public_key_credential',
  'webauthn_origin_mismatch',
  'webauthn_top_origin_not_authorized',
  'webauthn_rp_id_mismatch',
  'webauthn_invalid_rp_id',
  'webauthn_counter_regression',
  'webauthn_verification_failed',
  'too_many_requests',
  'invalid_crypto_wallet_address',
  'crypto_wallet_challenge_not_found',
  'invalid_crypto_wallet_signature',
  'duplicate_crypto_wallet',
  'oauth_config_not_found',
  'oauth_flow_callback_error',
  'no_login_redirect_urls_set',
  'no_signup_redirect_urls_set',
  'default_provider_not_allowed',
  'invalid_token',
  'trusted_auth_token_profile_not_found',
  'user_not_found',
  'phone_number_not_found',
  'crypto_wallet_not_found',
  'oauth_user_registration_not_found',
  'duplicate_phone_number',
] as const;

export type ErrorType = (typeof ERROR_TYPES)[number];

/** A failed provider call, as the client surfaces it. `cause` keeps the original failure. */
export class ApiError extends Error {
  readonly error_type: string;
  readonly error_message: string;
  readonly status_code: number;
  readonly request_id: string;
  readonly error_url: string;

  constructor(envelope: ErrorEnvelope, options?: { cause?: unknown }) {
    super(envelope.error_message, options);
    this.name = 'ApiError';
    this.error_type = envelope.error_type;
    this.error_message = envelope.error_message;
    this.status_code = envelope.status_code;
    this.request_id = envelope.request_id;
    this.error_url = envelope.error_url;
  }
}

/** The provider could not be reached, or answered something that is not the API's envelope. */
export class NetworkError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'NetworkError';
  }
}

/** Types that end the local session when a refresh answers them. */
export const UNRECOVERABLE_SESSION_ERRORS: readonly string[] = [
  'unauthorized_credentials',
  'user_unauthenticated',
  'invalid_secret_authentication',
  'session_not_found',
];
