import { oneTapSubmitBody } from '@latch/api';
import type { Context } from 'hono';
import type { OAuthProviderConfig, ProjectConfig } from '../config/configSchema';
import { randomToken } from '../crypto/hash';
import { resolveRedirectUrl } from '../delivery';
import { AuthError } from '../errors/AuthError';
import type { AppEnv, Services } from '../http/deps';
import { flatResponse } from '../http/envelope';
import { parseBody } from '../http/parseBody';
import { rawRoute, type Route } from '../http/route';
import { magicLinkUrl } from '../magicLinks/magicLinkTokens';
import { devGoogleClientId, verifyGoogleIdToken } from './googleIdTokens';
import { issueOAuthState, issueOAuthToken, projectIdOfState, takeOAuthState } from './oauthTokens';
import { claimsProfile } from './upstreamProfile';
import { upstreamUser } from './upstreamUser';

/** The state kind of a One Tap sign-in between start and submit (never a real provider type). */
const ONE_TAP = 'google_one_tap';
export const ONE_TAP_HEADER = 'x-stytch-oauth-type';
/** Where the dev identity provider's stand-in of Google's script is served (test projects). */
export const DEV_GSI_CLIENT_PATH = '/dev/gsi/client';

/** The project's Google provider with `one_tap`, usable here, or the error a developer must fix. */
export function oneTapGoogle(project: ProjectConfig, services: Services): OAuthProviderConfig {
  const google = project.oauth_providers.find((p) => p.type === 'google');
  if (!google?.one_tap) {
    throw new AuthError(
      'oauth_config_not_found',
      `Google One Tap is not enabled for project "${project.name}": its "google" entry in oauth_providers needs "one_tap": true.`,
    );
  }
  if (google.dev_idp && (!project.test || !services.devRoutes)) {
    throw new AuthError(
      'default_provider_not_allowed',
      `Google One Tap of project "${project.name}" uses the dev identity provider ("dev_idp": true), which serves only test projects of a provider with "dev_routes": true; give its "google" entry a client_id and client_secret_env.`,
    );
  }
  return google;
}

/** The client id One Tap runs with: the configured one, or the dev identity provider's own. */
export const oneTapClientId = (project: ProjectConfig, google: OAuthProviderConfig): string =>
  google.client_id ?? devGoogleClientId(project);

/** A redirect URL of the request, checked against the project's list; `missing` names the error. */
function redirectUrl(
  project: ProjectConfig,
  requested: string | undefined,
  field: 'login_redirect_url' | 'signup_redirect_url',
): string {
  const missing =
    field === 'login_redirect_url' ? 'no_login_redirect_urls_set' : 'no_signup_redirect_urls_set';
  try {
    return resolveRedirectUrl(project, requested, field);
  } catch (error) {
    if (!(error instanceof AuthError)) throw error;
    throw new AuthError(missing, error.message);
  }
}

const single = (c: Context<AppEnv>, name: string): string | undefined => {
  const values = c.req.queries(name);
  if (values && values.length > 1) throw new AuthError('invalid_field', `${name} is given more than once.`);
  return values?.[0];
};

const noStore = (c: Context<AppEnv>) => c.header('Cache-Control', 'no-store');

/**
 * `GET /v1/public/oauth/google/onetap/start?public_token`: what the widget needs to show One Tap,
 * the Google client id and a single-use callback id (10 minutes) bound to a nonce that the
 * credential must carry. The redirect URLs the widget will land on are checked here, so a
 * misconfiguration shows before the visitor picks an account. Top-level JSON, as Stytch answers.
 */
const start = rawRoute('GET', '/v1/public/oauth/google/onetap/start', async (c, services) => {
  noStore(c);
  const token = single(c, 'public_token');
  const project = token ? services.projects.byPublicToken(token) : undefined;
  if (!project)
    throw new AuthError('invalid_public_token', 'The public token is not a token of any project.');
  const google = oneTapGoogle(project, services);
  if (project.redirect_urls.length === 0) {
    throw new AuthError(
      'no_login_redirect_urls_set',
      `Project "${project.name}" has no redirect_urls, so the login redirect URL cannot be checked.`,
    );
  }
  const login = redirectUrl(project, single(c, 'login_redirect_url'), 'login_redirect_url');
  const signup = redirectUrl(project, single(c, 'signup_redirect_url'), 'signup_redirect_url');
  const nonce = randomToken(24);
  const callbackId = await issueOAuthState(
    services.db,
    project,
    {
      providerType: ONE_TAP,
      loginRedirectUrl: login,
      signupRedirectUrl: signup,
      scopes: [],
      codeChallenge: null,
      upstream: { codeVerifier: null, nonce },
    },
    new Date(),
  );
  return flatResponse(c, {
    google_client_id: oneTapClientId(project, google),
    oauth_callback_id: callbackId,
    // Additions to Stytch's answer: the nonce for Google's `initialize`, and in test projects the
    // dev identity provider's stand-in of Google's script (hosted Stytch sends neither).
    nonce,
    ...(google.dev_idp ? { gsi_client_url: `${services.authOrigin}${DEV_GSI_CLIENT_PATH}` } : {}),
  });
});

/**
 * `POST /v1/oauth/callback/{oauth_callback_id}` with `x-stytch-oauth-type: google-one-tap`: the
 * widget hands over Google's credential. The callback id is used once; the credential is verified
 * (signature, `iss`, `aud`, `exp`, nonce) and the account signed in with the same linking rules as
 * the Google redirect flow. Answers `redirect_url`: the landing page with a single-use token.
 */
const submit = rawRoute('POST', '/v1/oauth/callback/:id', async (c, services) => {
  noStore(c);
  if (c.req.header(ONE_TAP_HEADER) !== 'google-one-tap') {
    throw new AuthError('bad_request', `Send ${ONE_TAP_HEADER}: google-one-tap.`);
  }
  const body = await parseBody(c, oneTapSubmitBody);
  const id = c.req.param('id') ?? '';
  const projectId = projectIdOfState(id);
  const project = projectId ? services.projects.byProjectId(projectId) : undefined;
  const now = new Date();
  const state = project
    ? await takeOAuthState(services.db, {
        projectId: project.project_id,
        value: id,
        providerType: ONE_TAP,
        now,
      })
    : null;
  if (!project || !state) {
    throw new AuthError('oauth_flow_callback_error', 'This One Tap sign-in has expired or was already used.');
  }
  const google = oneTapGoogle(project, services);
  const login =
    body.login_redirect_url == null
      ? state.loginRedirectUrl
      : redirectUrl(project, body.login_redirect_url, 'login_redirect_url');
  const signup =
    body.signup_redirect_url == null
      ? state.signupRedirectUrl
      : redirectUrl(project, body.signup_redirect_url, 'signup_redirect_url');
  const claims = await verifyGoogleIdToken(body.id_token, {
    clientId: oneTapClientId(project, google),
    nonce: state.upstream?.nonce ?? null,
    dev: google.dev_idp ? { db: services.db, project, authOrigin: services.authOrigin } : null,
  });
  const profile = claimsProfile(claims);
  const user = await upstreamUser(services.db, project, 'google', profile);
  const token = await issueOAuthToken(services.db, project, {
    userId: user.account.user_id,
    grant: {
      registrationId: user.account.oauth_user_registration_id,
      providerType: 'google',
      providerSubject: profile.subject,
      emailId: user.account.email_id,
      verifiedEmailId: user.verifiedEmailId,
      scopes: ['openid', 'email', 'profile'],
      providerValues: {
        access_token: '',
        refresh_token: '',
        id_token: body.id_token,
        scopes: ['openid', 'email', 'profile'],
        expires_at: typeof claims.exp === 'number' ? new Date(claims.exp * 1000).toISOString() : null,
      },
    },
    codeChallenge: null,
    now,
  });
  return flatResponse(c, { redirect_url: magicLinkUrl(user.created ? signup : login, token, 'oauth') });
});

export const oneTapRoutes: Route[] = [start, submit];
