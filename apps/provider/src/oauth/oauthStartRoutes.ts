import { OAUTH_PROVIDERS, type ErrorType, type OAuthProviderType } from '@latch/api';
import type { Context } from 'hono';
import type { OAuthProviderConfig, ProjectConfig } from '../config/configSchema';
import { resolveRedirectUrl } from '../delivery';
import { AuthError } from '../errors/AuthError';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { redirectNoStore } from '../http/redirects';
import { errorPage } from './oauthErrorPages';
import { landFailed, type Landing } from './oauthLanding';
import { issueOAuthState } from './oauthTokens';
import { newUpstreamSecrets, upstreamAuthorizeUrl } from './upstreamAuthorizeUrl';
import { upstreamClient } from './upstreamClient';

const isProviderType = (value: string): value is OAuthProviderType =>
  (OAUTH_PROVIDERS as readonly string[]).includes(value);

/** The project's configuration of `type`, or the error a developer needs to fix it. */
function configuredProvider(project: ProjectConfig, type: string, services: Services): OAuthProviderConfig {
  const provider = isProviderType(type) ? project.oauth_providers.find((p) => p.type === type) : undefined;
  if (!provider) {
    throw new AuthError(
      'oauth_config_not_found',
      `OAuth provider "${type.slice(0, 40)}" is not configured for project "${project.name}" (oauth_providers).`,
    );
  }
  if (provider.dev_idp && (!project.test || !services.devRoutes)) {
    throw new AuthError(
      'oauth_config_not_found',
      `OAuth provider "${type}" uses the dev identity provider ("dev_idp": true), which serves only test projects of a provider with "dev_routes": true; give it a client_id and client_secret_env instead.`,
    );
  }
  return provider;
}

/** A single query value; a repeated parameter is a malformed request, not a choice to make. */
function single(c: Context<AppEnv>, name: string): string | undefined {
  const values = c.req.queries(name);
  if (values && values.length > 1) throw new AuthError('invalid_field', `${name} is given more than once.`);
  return values?.[0];
}

/** `mode=popup`: the widget opened the start in a popup (`mode=redirect`, or none, is the default). */
function popupMode(c: Context<AppEnv>): boolean {
  const mode = single(c, 'mode');
  if (mode !== undefined && mode !== 'popup' && mode !== 'redirect')
    throw new AuthError('invalid_field', 'mode must be popup or redirect.');
  return mode === 'popup';
}

/**
 * Where a failed start goes: in popup mode with a usable challenge, the popup's result page (the
 * frame shows the error); otherwise the login redirect URL.
 */
function startLanding(c: Context<AppEnv>, login: string): Landing {
  const challenge = c.req.query('code_challenge') ?? '';
  const popup = c.req.query('mode') === 'popup' && /^[A-Za-z0-9_-]{43,128}$/.test(challenge);
  return { loginRedirectUrl: login, signupRedirectUrl: login, codeChallenge: challenge || null, popup };
}

/** `provider_<key>=<value>` of the start URL: parameters for the identity provider's page. */
function providerParams(c: Context<AppEnv>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [key, values] of Object.entries(c.req.queries())) {
    const value = values[0];
    if (key.startsWith('provider_') && key.length > 9 && value !== undefined)
      params[key.slice(9, 73)] = value.slice(0, 1024);
  }
  return params;
}

/** Where the visitor goes from OAuth start: the dev identity provider, or the real one. */
async function startSignIn(
  c: Context<AppEnv>,
  services: Services,
  project: ProjectConfig,
  redirects: { login: string; signup: string },
) {
  const type = c.req.param('provider') ?? '';
  const provider = configuredProvider(project, type, services);
  const codeChallenge = single(c, 'code_challenge');
  if (codeChallenge !== undefined && !/^[A-Za-z0-9_-]{43,128}$/.test(codeChallenge)) {
    throw new AuthError('invalid_field', 'code_challenge must be the base64url SHA-256 of the verifier.');
  }
  const popup = popupMode(c);
  if (popup && codeChallenge === undefined) {
    throw new AuthError(
      'missing_field',
      'mode=popup needs a code_challenge: the popup hands its token only to the frame holding the verifier.',
    );
  }
  const scopes = (single(c, 'custom_scopes') ?? '').split(/\s+/).filter(Boolean).slice(0, 50);
  const base = {
    providerType: type,
    loginRedirectUrl: redirects.login,
    signupRedirectUrl: redirects.signup,
    scopes,
    codeChallenge: codeChallenge ?? null,
    ...(popup ? { popup } : {}),
  };
  if (provider.dev_idp) {
    const state = await issueOAuthState(services.db, project, base, new Date());
    const target = new URL(`/dev/oauth/${type}/authorize`, services.authOrigin);
    target.searchParams.set('public_token', project.public_token);
    target.searchParams.set('state', state);
    return redirectNoStore(target.href);
  }
  const uc = await upstreamClient(services, provider);
  const secrets = newUpstreamSecrets(uc);
  const state = await issueOAuthState(services.db, project, { ...base, upstream: secrets }, new Date());
  const target = await upstreamAuthorizeUrl(uc, {
    state,
    secrets,
    customScopes: scopes,
    providerParams: providerParams(c),
  });
  return redirectNoStore(target.href);
}

const failureOf = (error: unknown): { type: ErrorType; message: string } | null =>
  error instanceof AuthError ? { type: error.error_type, message: error.message } : null;

/**
 * `GET /v1/public/oauth/{provider}/start`: a page navigation, so it answers a redirect to the
 * identity provider, remembering where to send the visitor afterwards. Failures go back to the
 * login redirect URL with `error` and `error_description` (in popup mode, to the frame through the
 * popup's result page); with no redirect URL to trust (unknown
 * public token, unlisted redirect URL) the visitor gets a page saying so, never a JSON body.
 */
const oauthStart = rawRoute('GET', '/v1/public/oauth/:provider/start', async (c, services) => {
  let login: string;
  let project: ProjectConfig | undefined;
  try {
    const publicToken = single(c, 'public_token');
    project = publicToken ? services.projects.byPublicToken(publicToken) : undefined;
    if (!project)
      throw new AuthError('invalid_public_token', 'The public token is not a token of any project.');
    login = resolveRedirectUrl(project, single(c, 'login_redirect_url'), 'login_redirect_url');
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    return errorPage(failure.type, failure.message);
  }
  try {
    const signup = resolveRedirectUrl(project, single(c, 'signup_redirect_url'), 'signup_redirect_url');
    return await startSignIn(c, services, project, { login, signup });
  } catch (error) {
    const failure = failureOf(error);
    if (!failure) throw error;
    services.logger.info(
      { provider: c.req.param('provider'), error_type: failure.type, err: failure.message },
      'oauth start failed',
    );
    return landFailed(
      services.db,
      services.authOrigin,
      project,
      startLanding(c, login),
      failure.type,
      failure.message,
    );
  }
});

export const oauthStartRoutes: Route[] = [oauthStart];
