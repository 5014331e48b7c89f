import { ApiError, NetworkError } from '@latch/api';
import type { WidgetError } from '@latch/protocol';
import type { StringId } from '@latch/protocol';
import { CataloguePending } from '../strings/catalogueLoader';
import type { Translate } from '../strings/translate';

/** The message shown for each provider `error_type`, by catalogue id. */
export const API_ERROR_STRINGS: Readonly<Record<string, StringId>> = {
  invalid_email: 'error.invalid_email',
  invalid_phone_number: 'error.invalid_phone_number',
  unsubscribed_phone_number: 'error.unsubscribed_phone_number',
  inactive_email: 'error.inactive_email',
  unauthorized_credentials: 'error.unauthorized_credentials',
  user_unauthenticated: 'error.user_unauthenticated',
  email_not_found: 'error.email_not_found',
  unable_to_auth_magic_link: 'error.unable_to_auth_magic_link',
  no_user_password: 'error.no_user_password',
  breached_password: 'error.breached_password',
  reset_password: 'error.reset_password',
  oauth_token_not_found: 'error.oauth_token_not_found',
  invalid_code: 'error.invalid_code',
  member_password_not_found: 'error.member_password_not_found',
  oauth_flow_callback_error: 'error.oauth_flow_callback_error',
  unauthorized_action: 'error.unauthorized_action',
  user_lock_limit_reached: 'error.user_lock_limit_reached',
  invalid_session_token: 'error.invalid_session_token',
  session_not_found: 'error.session_not_found',
  invalid_phone_number_country_code: 'error.invalid_phone_number_country_code',
  otp_code_not_found: 'error.otp_code_not_found',
  duplicate_member_phone_number: 'error.duplicate_member_phone_number',
  webauthn_registration_not_found: 'error.webauthn_registration_not_found',
};

/**
 * The text of `id`, or null while the catalogue's second part, which holds the provider's error
 * types, has not loaded (the frame's API client waits for it, see catalogueOnFailure; this covers
 * a failed fetch of it).
 */
function textOf(t: Translate, id: StringId): string | null {
  try {
    return t(id);
  } catch (error) {
    if (error instanceof CataloguePending) return null;
    throw error;
  }
}

/**
 * What the visitor sees for a failure, and what the host's error callback gets: the same text,
 * the provider's code when there is one, never a stack.
 */
export function describeError(error: unknown, t: Translate): WidgetError {
  if (error instanceof ApiError) {
    const id = Object.hasOwn(API_ERROR_STRINGS, error.error_type)
      ? API_ERROR_STRINGS[error.error_type]
      : undefined;
    return {
      message: (id && textOf(t, id)) ?? error.error_message,
      error_type: error.error_type,
      status_code: error.status_code,
    };
  }
  if (error instanceof NetworkError) return { message: t('error.network') };
  return { message: t('error.unknown') };
}
