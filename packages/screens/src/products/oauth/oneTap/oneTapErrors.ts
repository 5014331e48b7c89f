import type { StringId } from '@latch/protocol';

/** One Tap's configuration error states, each with its developer message. */
export const ONE_TAP_ERRORS = {
  originNotAllowed: { id: 'oneTap.error.originNotAllowed', errorType: 'origin_not_allowed_for_client' },
  invalidClient: { id: 'oneTap.error.invalidClient', errorType: 'invalid_client' },
  noOAuthConfig: { id: 'oneTap.error.noOAuthConfig', errorType: 'oauth_config_not_found' },
  noLoginRedirectUrls: { id: 'oneTap.error.noLoginRedirectUrls', errorType: 'no_login_redirect_urls_set' },
  noSignupRedirectUrls: { id: 'oneTap.error.noSignupRedirectUrls', errorType: 'no_signup_redirect_urls_set' },
  defaultProviderNotAllowed: {
    id: 'oneTap.error.defaultProviderNotAllowed',
    errorType: 'default_provider_not_allowed',
  },
} as const satisfies Record<string, { id: StringId; errorType: string }>;

export type OneTapError = keyof typeof ONE_TAP_ERRORS;

/** The error state an API error type of One Tap start stands for, if any. */
export function apiOneTapError(errorType: string): OneTapError | null {
  switch (errorType) {
    case 'oauth_config_not_found':
      return 'noOAuthConfig';
    case 'no_login_redirect_urls_set':
      return 'noLoginRedirectUrls';
    case 'no_signup_redirect_urls_set':
      return 'noSignupRedirectUrls';
    case 'default_provider_not_allowed':
      return 'defaultProviderNotAllowed';
    default:
      return null;
  }
}

/** The error state a "not displayed" reason of Google's prompt stands for, if any. */
export function gsiOneTapError(reason: string | undefined): OneTapError | null {
  if (reason === 'unregistered_origin' || reason === 'origin_not_allowed_for_client')
    return 'originNotAllowed';
  if (reason === 'invalid_client') return 'invalidClient';
  return null;
}
