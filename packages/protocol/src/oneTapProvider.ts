import type { LoginConfig, OAuthProviderConfig } from './config';

/**
 * The Google provider Google One Tap runs for, or null: One Tap is used only when OAuth is the only
 * product and its providers are a single Google provider with `one_tap` (a repeated entry counts once).
 */
export function oneTapProvider(config: LoginConfig): OAuthProviderConfig | null {
  if (config.products.length === 0 || config.products.some((p) => p !== 'oauth')) return null;
  const providers = config.oauthOptions?.providers ?? [];
  const [first] = providers;
  if (!first || providers.some((p) => p.type !== first.type)) return null;
  return first.type === 'google' && first.one_tap === true ? first : null;
}
