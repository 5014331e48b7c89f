import { OAUTH_PROVIDERS, type OAuthProviderType } from '@latch/api';
import type { Context } from 'hono';
import type { ProjectConfig } from '../config/configSchema';
import { resolveRedirectUrl } from '../delivery';
import { ApiFailure } from '../http/ApiFailure';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { issueOAuthState } from './oauthTokens';

const isProviderType = (value: string): value is OAuthProviderType =>
  (OAUTH_PROVIDERS as readonly string[]).includes(value);

/** The project's configuration of `type`, or the error a developer needs to fix it. */
function configuredProvider(project: ProjectConfig, type: string, services: Services) {
  const provider = isProviderType(type) ? project.oauth_providers.find((p) => p.type === type) : undefined;
  if (!provider) {
    throw new ApiFailure(
      'oauth_config_not_found',
      404,
      `OAuth provider "${type.slice(0, 40)}" is not configured for project "${project.name}" (oauth_providers).`,
    );
  }
  // The local provider is offline: it stands in for identity providers, it does not call them.
  if (!provider.dev_idp || !project.test || !services.devRoutes) {
    throw new ApiFailure(
      'oauth_config_not_found',
      400,
      `OAuth provider "${type}" needs "dev_idp": true in a test project: the local provider cannot reach real identity providers.`,
    );
  }
  return provider;
}

/** A single query value; a repeated parameter is a malformed request, not a choice to make. */
function single(c: Context<AppEnv>, name: string): string | undefined {
  const values = c.req.queries(name);
  if (values && values.length > 1)
    throw new ApiFailure('invalid_field', 400, `${name} is given more than once.`);
  return values?.[0];
}

/**
 * `GET /v1/public/oauth/{provider}/start` (API.md "OAuth start"): a page navigation, so it answers
 * a redirect to the identity provider, remembering where to send the visitor afterwards.
 */
const oauthStart = rawRoute('GET', '/v1/public/oauth/:provider/start', async (c, services) => {
  const publicToken = single(c, 'public_token');
  const project = publicToken ? services.projects.byPublicToken(publicToken) : undefined;
  if (!project)
    throw new ApiFailure('invalid_public_token', 401, 'The public token is not a token of any project.');
  const type = c.req.param('provider') ?? '';
  configuredProvider(project, type, services);
  const codeChallenge = single(c, 'code_challenge');
  if (codeChallenge !== undefined && !/^[A-Za-z0-9_-]{43,128}$/.test(codeChallenge)) {
    throw new ApiFailure(
      'invalid_field',
      400,
      'code_challenge must be the base64url SHA-256 of the verifier.',
    );
  }
  const scopes = (single(c, 'custom_scopes') ?? '').split(/\s+/).filter(Boolean).slice(0, 50);
  const state = await issueOAuthState(
    services.db,
    project,
    {
      providerType: type,
      loginRedirectUrl: resolveRedirectUrl(project, single(c, 'login_redirect_url'), 'login_redirect_url'),
      signupRedirectUrl: resolveRedirectUrl(project, single(c, 'signup_redirect_url'), 'signup_redirect_url'),
      scopes,
      codeChallenge: codeChallenge ?? null,
    },
    new Date(),
  );
  const target = new URL(`/dev/oauth/${type}/authorize`, services.authOrigin);
  target.searchParams.set('public_token', project.public_token);
  target.searchParams.set('state', state);
  return c.redirect(target.href, 302);
});

export const oauthStartRoutes: Route[] = [oauthStart];
