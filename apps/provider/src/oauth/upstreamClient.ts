import * as client from 'openid-client';
import type { OAuthProviderConfig } from '../config/configSchema';
import { isLoopbackHost } from '../config/origins';
import { sha256Hex } from '../crypto/hash';
import type { Services } from '../http/deps';
import { appleClientSecret } from './appleClientSecret';
import { UPSTREAM_PROVIDERS, type UpstreamProvider } from './upstreamProviders';
import { AuthError } from '../errors/AuthError';

/** An upstream provider ready for one sign-in: the openid-client configuration and the table row. */
export interface UpstreamClient {
  type: OAuthProviderConfig['type'];
  provider: UpstreamProvider;
  config: client.Configuration;
  clientId: string;
  /** Where the provider sends the visitor back: register it with the provider. */
  redirectUri: string;
  /** The user-info and address-list endpoints in effect (plain OAuth 2; UserInfo for OIDC). */
  userinfoEndpoint: string | undefined;
  emailsEndpoint: string | undefined;
}

/** `{auth origin}/v1/public/oauth/{provider}/callback`: one per provider type, for every project. */
export const upstreamRedirectUri = (authOrigin: string, type: string): string =>
  `${authOrigin}/v1/public/oauth/${type}/callback`;

const notConfigured = (message: string) => new AuthError('oauth_config_not_found', message);

/** The secret named by the config, read from the environment now (so a rotated secret applies). */
function envSecret(services: Services, name: string | undefined, type: string): string {
  const value = name ? services.env[name] : undefined;
  if (!value) {
    throw notConfigured(
      `OAuth provider "${type}": the environment variable ${name ?? '(none named)'} that holds its secret is not set.`,
    );
  }
  return value;
}

const insecureAllowed = (urls: (string | undefined)[]) =>
  urls.some((u) => u !== undefined && new URL(u).protocol === 'http:' && isLoopbackHost(new URL(u).hostname));

// Discovery documents change rarely; one fetch an hour per issuer and client is enough.
const DISCOVERY_TTL_MS = 60 * 60 * 1000;
const discovered = new Map<string, { at: number; config: Promise<client.Configuration> }>();

function discover(
  issuer: string,
  clientId: string,
  auth: client.ClientAuth,
  cacheKey: string,
): Promise<client.Configuration> {
  const now = Date.now();
  const hit = discovered.get(cacheKey);
  if (hit && now - hit.at < DISCOVERY_TTL_MS) return hit.config;
  const config = client.discovery(new URL(issuer), clientId, undefined, auth, {
    execute: insecureAllowed([issuer]) ? [client.allowInsecureRequests] : [],
    timeout: 10,
  });
  discovered.set(cacheKey, { at: now, config });
  // A failed discovery is not remembered: the next sign-in tries again.
  config.catch(() => {
    if (discovered.get(cacheKey)?.config === config) discovered.delete(cacheKey);
  });
  if (discovered.size > 500) discovered.delete(discovered.keys().next().value ?? '');
  return config;
}

async function clientSecret(services: Services, p: OAuthProviderConfig, issuer: string): Promise<string> {
  if (p.type !== 'apple') return envSecret(services, p.client_secret_env, p.type);
  return appleClientSecret({
    teamId: p.team_id ?? '',
    keyId: p.key_id ?? '',
    clientId: p.client_id ?? '',
    privateKeyPem: envSecret(services, p.private_key_env, p.type),
    audience: issuer,
  }).catch((cause: unknown) => {
    throw notConfigured(
      `OAuth provider "apple": ${p.private_key_env ?? ''} is not a PKCS#8 EC private key (${cause instanceof Error ? cause.message : String(cause)}).`,
    );
  });
}

/**
 * The configured upstream provider of a live sign-in. Unconfigured pieces answer
 * `oauth_config_not_found`; an issuer that cannot be discovered answers `oauth_flow_callback_error`.
 */
export async function upstreamClient(services: Services, p: OAuthProviderConfig): Promise<UpstreamClient> {
  const provider = UPSTREAM_PROVIDERS[p.type];
  const clientId = p.client_id;
  if (!clientId) throw notConfigured(`OAuth provider "${p.type}" has no client_id.`);
  const endpoints = p.endpoints ?? {};
  const redirectUri = upstreamRedirectUri(services.authOrigin, p.type);
  if (provider.family === 'oidc') {
    const issuer = endpoints.issuer ?? provider.issuer({ tenant: p.tenant });
    const secret = await clientSecret(services, p, issuer);
    const auth =
      provider.auth === 'client_secret_basic'
        ? client.ClientSecretBasic(secret)
        : client.ClientSecretPost(secret);
    const config = await discover(
      issuer,
      clientId,
      auth,
      `${p.type}|${issuer}|${clientId}|${sha256Hex(secret)}`,
    ).catch((cause: unknown) => {
      throw new AuthError(
        'oauth_flow_callback_error',
        `OAuth provider "${p.type}": the issuer ${issuer} could not be discovered (${cause instanceof Error ? cause.message : String(cause)}).`,
        { cause },
      );
    });
    return {
      type: p.type,
      provider,
      config,
      clientId,
      redirectUri,
      userinfoEndpoint: endpoints.userinfo_endpoint ?? config.serverMetadata().userinfo_endpoint,
      emailsEndpoint: undefined,
    };
  }
  const secret = await clientSecret(services, p, '');
  const authorization = endpoints.authorization_endpoint ?? provider.authorizationEndpoint;
  const token = endpoints.token_endpoint ?? provider.tokenEndpoint;
  const userinfo = endpoints.userinfo_endpoint ?? provider.userinfoEndpoint;
  const emails = endpoints.emails_endpoint ?? provider.emailsEndpoint;
  const auth =
    provider.auth === 'client_secret_basic'
      ? client.ClientSecretBasic(secret)
      : client.ClientSecretPost(secret);
  // Plain OAuth 2 providers publish no metadata: the table (or the overrides) is the metadata.
  const config = new client.Configuration(
    { issuer: new URL(authorization).origin, authorization_endpoint: authorization, token_endpoint: token },
    clientId,
    undefined,
    auth,
  );
  if (insecureAllowed([authorization, token, userinfo, emails])) client.allowInsecureRequests(config);
  return {
    type: p.type,
    provider,
    config,
    clientId,
    redirectUri,
    userinfoEndpoint: userinfo,
    emailsEndpoint: emails,
  };
}
