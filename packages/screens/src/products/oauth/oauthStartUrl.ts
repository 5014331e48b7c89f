import type { ApiClient } from '@latch/api';
import type { LoginConfig, OAuthProviderConfig } from '@latch/protocol';

/**
 * Where 'Continue with {provider}' sends the page (docs/oauth.md, what happens on a click): the provider's start
 * endpoint with the configured redirect URLs, extra scopes and `provider_<key>` parameters. A
 * popup sign-in adds `mode=popup` and its PKCE challenge.
 */
export function oauthStartUrl(
  api: ApiClient,
  config: LoginConfig,
  provider: OAuthProviderConfig,
  popup?: { codeChallenge: string },
): string {
  const options = config.oauthOptions;
  const query: Record<string, string> = {};
  if (options?.loginRedirectURL) query['login_redirect_url'] = options.loginRedirectURL;
  if (options?.signupRedirectURL) query['signup_redirect_url'] = options.signupRedirectURL;
  if (provider.custom_scopes?.length) query['custom_scopes'] = provider.custom_scopes.join(' ');
  for (const [key, value] of Object.entries(provider.provider_params ?? {})) query[`provider_${key}`] = value;
  if (popup) {
    query['mode'] = 'popup';
    query['code_challenge'] = popup.codeChallenge;
  }
  return api.pageUrl(`/v1/public/oauth/${provider.type}/start`, query);
}
