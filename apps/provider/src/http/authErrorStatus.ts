import type { AuthErrorType } from '../errors/AuthError';

/** The HTTP status of each domain error type, as docs/errors.md lists them. */
export const AUTH_ERROR_STATUS: Readonly<Record<AuthErrorType, number>> = {
  breached_password: 400,
  duplicate_email: 400,
  email_not_found: 404,
  invalid_email: 400,
  invalid_field: 400,
  invalid_session_token: 401,
  no_user_password: 404,
  not_found: 404,
  redirect_url_not_found: 400,
  reset_password: 400,
  session_not_found: 404,
  unable_to_auth_magic_link: 401,
  unauthorized_credentials: 401,
  user_lock_limit_reached: 429,
  weak_password: 400,
  user_not_found: 404,
  phone_number_not_found: 404,
  crypto_wallet_not_found: 404,
  oauth_user_registration_not_found: 404,
  webauthn_registration_not_found: 404,
  invalid_phone_number: 400,
  unauthorized_action: 403,
  duplicate_phone_number: 400,
};
