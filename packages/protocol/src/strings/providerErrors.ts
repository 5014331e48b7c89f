/**
 * The texts of the provider's error types (docs/errors.md), each as `error.{error_type}`: part of the
 * catalogue's second part (`otherScreens.ts`). Only a failed request shows one, and the frame's API
 * client lets a failure through once that part has loaded (`catalogueOnFailure` in @latch/screens).
 */
export const providerErrorStrings = {
  'error.invalid_email': 'Email format is invalid.',
  'error.invalid_phone_number':
    'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  'error.unsubscribed_phone_number': 'Phone number is unsubscribed; resubscribe by texting START.',
  'error.inactive_email': 'The email address is marked as inactive. Try another or contact your admin.',
  'error.unauthorized_credentials': 'Unauthorized credentials.',
  'error.user_unauthenticated': 'Must have an active session to call this method.',
  'error.email_not_found': 'Email not found.',
  'error.unable_to_auth_magic_link': 'The magic link was already used or expired.',
  'error.no_user_password': 'Password not found for this user.',
  'error.breached_password': 'Password appears in the list of breached passwords and must be reset.',
  'error.reset_password': 'Password must be reset.',
  'error.oauth_token_not_found': 'OAuth Token could not be found.',
  'error.invalid_code': 'Code format is invalid.',
  'error.member_password_not_found': 'Member password not found.',
  'error.oauth_flow_callback_error': 'Error in the OAuth callback.',
  'error.unauthorized_action': 'Unauthorized action.',
  'error.user_lock_limit_reached': 'Too many failed authentication attempts. Please try again later.',
  'error.invalid_session_token': 'Invalid session token.',
  'error.session_not_found': 'Session not found.',
  'error.invalid_phone_number_country_code': 'The country code is invalid, unsupported or disabled.',
  'error.otp_code_not_found': 'Invalid passcode, please try again.',
  'error.duplicate_member_phone_number':
    'A member with that phone number already exists for this organization.',
  'error.webauthn_registration_not_found':
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
} as const;

type ProviderErrorId = keyof typeof providerErrorStrings;

/** The provider's error types that have a text of their own, each with its catalogue id. */
export const PROVIDER_ERROR_IDS: ReadonlyMap<string, ProviderErrorId> = new Map(
  (Object.keys(providerErrorStrings) as ProviderErrorId[]).map((id) => [id.slice('error.'.length), id]),
);
