import type { ErrorType } from '@latch/api';

/** The error types the sign-in rules answer with; the HTTP edge gives each one its status. */
export type AuthErrorType = Extract<
  ErrorType,
  | 'breached_password'
  | 'duplicate_email'
  | 'email_not_found'
  | 'invalid_email'
  | 'invalid_field'
  | 'invalid_session_token'
  | 'invalid_token'
  | 'no_user_password'
  | 'not_found'
  | 'redirect_url_not_found'
  | 'reset_password'
  | 'session_not_found'
  | 'trusted_auth_token_profile_not_found'
  | 'unable_to_auth_magic_link'
  | 'unauthorized_credentials'
  | 'user_lock_limit_reached'
  | 'weak_password'
  | 'user_not_found'
  | 'phone_number_not_found'
  | 'crypto_wallet_not_found'
  | 'oauth_user_registration_not_found'
  | 'webauthn_registration_not_found'
  | 'invalid_phone_number'
  | 'duplicate_phone_number'
  | 'invalid_code'
  | 'otp_code_not_found'
  | 'oauth_token_not_found'
>;

/** A refused sign-in step, free of HTTP so domain code stays callable from anywhere; http/ maps it. */
export class AuthError extends Error {
  readonly error_type: AuthErrorType;
  /** For a refusal that lifts by itself (a lock): when to try again (the `Retry-After` header). */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    error_type: AuthErrorType,
    message: string,
    options?: { cause?: unknown; retryAfterSeconds?: number },
  ) {
    super(message, options);
    this.name = 'AuthError';
    this.error_type = error_type;
    this.retryAfterSeconds = options?.retryAfterSeconds;
  }
}
