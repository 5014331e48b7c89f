import * as client from 'openid-client';
import type { UpstreamClient } from './upstreamClient';

/** Parameters the flow itself sets; a `provider_<key>` of the widget never replaces them. */
const RESERVED = new Set([
  'client_id',
  'client_key',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
]);

export interface UpstreamSecrets {
  codeVerifier: string | null;
  nonce: string | null;
}

/** A fresh PKCE verifier (where the provider takes PKCE) and nonce (OpenID Connect). */
export const newUpstreamSecrets = (uc: UpstreamClient): UpstreamSecrets => ({
  codeVerifier: uc.provider.pkce ? client.randomPKCECodeVerifier() : null,
  nonce: uc.provider.family === 'oidc' ? client.randomNonce() : null,
});

/**
 * The provider's authorization URL: code flow, the table's scopes plus the widget's
 * `custom_scopes`, `state`, PKCE S256 and nonce, and the widget's `provider_<key>` parameters.
 */
export async function upstreamAuthorizeUrl(
  uc: UpstreamClient,
  {
    state,
    secrets,
    customScopes,
    providerParams,
  }: {
    state: string;
    secrets: UpstreamSecrets;
    customScopes: string[];
    providerParams: Record<string, string>;
  },
): Promise<URL> {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(providerParams)) if (!RESERVED.has(key)) params[key] = value;
  Object.assign(params, uc.provider.authorizationParams ?? {});
  params['redirect_uri'] = uc.redirectUri;
  params['response_type'] = 'code';
  params['scope'] = [...new Set([...uc.provider.scopes, ...customScopes])].join(' ');
  params['state'] = state;
  if (secrets.nonce) params['nonce'] = secrets.nonce;
  if (secrets.codeVerifier) {
    params['code_challenge'] = await client.calculatePKCECodeChallenge(secrets.codeVerifier);
    params['code_challenge_method'] = 'S256';
  }
  if (uc.provider.family === 'oidc' && uc.provider.responseMode)
    params['response_mode'] = uc.provider.responseMode;
  if (uc.provider.family === 'oauth2' && uc.provider.clientIdParam)
    params[uc.provider.clientIdParam] = uc.clientId;
  return client.buildAuthorizationUrl(uc.config, params);
}
