import { OAUTH_PROVIDER_NAMES, OAUTH_PROVIDERS, type OAuthProviderType } from '@latch/api';
import type { Context } from 'hono';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { errorPage } from './oauthErrorPages';
import { landFailed, landSignedIn } from './oauthLanding';
import { issueOAuthToken, projectIdOfState, takeOAuthState } from './oauthTokens';
import { upstreamClient, upstreamRedirectUri } from './upstreamClient';
import { upstreamExchange } from './upstreamExchange';
import { upstreamUser } from './upstreamUser';
import { str } from './upstreamProfile';
import { AuthError } from '../errors/AuthError';

const isProviderType = (value: string): value is OAuthProviderType =>
  (OAUTH_PROVIDERS as readonly string[]).includes(value);

const expired = () => errorPage('oauth_flow_callback_error', 'This sign-in has expired or was already used.');

/** The callback's parameters: the query, or Apple's form POST body. Form values only, no files. */
async function callbackParams(c: Context<AppEnv>): Promise<URLSearchParams> {
  if (c.req.method === 'GET') return new URL(c.req.url).searchParams;
  const form = await c.req.parseBody().catch(() => ({}));
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) if (typeof value === 'string') params.set(key, value);
  return params;
}

/** Apple sends the name once, on the first sign-in, beside the code: `user={"name":{...}}`. */
function appleName(params: URLSearchParams): { givenName: string; familyName: string } | null {
  try {
    const user = JSON.parse(params.get('user') ?? '') as unknown;
    const name = typeof user === 'object' && user !== null ? (user as Record<string, unknown>)['name'] : null;
    if (typeof name !== 'object' || name === null) return null;
    const n = name as Record<string, unknown>;
    return { givenName: str(n['firstName']), familyName: str(n['lastName']) };
  } catch {
    return null;
  }
}

/**
 * `GET|POST /v1/public/oauth/{provider}/callback`: where the identity provider sends the visitor
 * back (the redirect URI to register with it). The state, used once, names the project and the
 * redirect URLs; the code is exchanged and the account mapped to a user, and the visitor lands on
 * the signup or login redirect URL with a single-use token, or on the login one with the error; a
 * sign-in started in popup mode ends on the popup's result page instead (oauthLanding.ts).
 */
async function callback(c: Context<AppEnv>, services: Services): Promise<Response> {
  const type = c.req.param('provider') ?? '';
  const params = await callbackParams(c);
  const stateValue = params.get('state') ?? '';
  const projectId = projectIdOfState(stateValue);
  const project = projectId ? services.projects.byProjectId(projectId) : undefined;
  if (!project || !isProviderType(type)) return expired();
  const now = new Date();
  const state = await takeOAuthState(services.db, {
    projectId: project.project_id,
    value: stateValue,
    providerType: type,
    now,
  });
  if (!state?.upstream) return expired();
  const providerName = OAUTH_PROVIDER_NAMES[type];
  const upstreamError = params.get('error');
  if (upstreamError) {
    const detail = params.get('error_description');
    return landFailed(
      services.db,
      services.authOrigin,
      project,
      state,
      'oauth_flow_callback_error',
      upstreamError === 'access_denied'
        ? `The sign-in at ${providerName} was cancelled.`
        : `${providerName} answered ${upstreamError.slice(0, 100)}${detail ? `: ${detail.slice(0, 300)}` : ''}.`,
    );
  }
  try {
    const config = project.oauth_providers.find((p) => p.type === type && !p.dev_idp);
    if (!config)
      throw new AuthError('oauth_config_not_found', `OAuth provider "${type}" is no longer configured.`);
    const uc = await upstreamClient(services, config);
    // The URL the provider was given (the request may have reached us behind a proxy).
    const target = new URL(upstreamRedirectUri(services.authOrigin, type));
    const answer =
      c.req.method === 'GET'
        ? Object.assign(target, { search: new URL(c.req.url).search })
        : new Request(target, {
            method: 'POST',
            headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
            body: params.toString(),
          });
    const { profile, providerValues } = await upstreamExchange(uc, answer, {
      state: stateValue,
      secrets: state.upstream,
    });
    const name = type === 'apple' ? appleName(params) : null;
    const user = await upstreamUser(services.db, project, type, name ? { ...profile, ...name } : profile);
    const token = await issueOAuthToken(services.db, project, {
      userId: user.account.user_id,
      grant: {
        registrationId: user.account.oauth_user_registration_id,
        providerType: type,
        providerSubject: profile.subject,
        emailId: user.account.email_id,
        verifiedEmailId: user.verifiedEmailId,
        scopes: providerValues.scopes.length ? providerValues.scopes : state.scopes,
        providerValues,
      },
      codeChallenge: state.codeChallenge,
      now,
    });
    return landSignedIn(services.authOrigin, state, { token, created: user.created });
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    services.logger.info(
      { provider: type, error_type: error.error_type, err: error.message },
      'oauth callback failed',
    );
    return landFailed(services.db, services.authOrigin, project, state, error.error_type, error.message);
  }
}

export const oauthCallbackRoutes: Route[] = [
  rawRoute('GET', '/v1/public/oauth/:provider/callback', callback),
  rawRoute('POST', '/v1/public/oauth/:provider/callback', callback),
];
