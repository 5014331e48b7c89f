import type { Context } from 'hono';
import { hasForbiddenCharacter } from '@latch/api';
import type { ConnectedAppConfig, ProjectConfig } from '../config/configSchema';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { authorizationErrorUri, errorParams } from './authorizationResponse';
import { requestProblem, responseModeOf, type AuthorizeError } from './authorizeProblems';
import { isConfidential } from './clientAuthentication';
import { withParams } from './clients';
import { formPostPage } from './formPostPage';
import { ISSUER_PATH, projectIssuer } from './issuer';
import { issuerProject } from './issuerProject';
import { refusedPage } from './refusedPage';
import { paramName, readNavigationParams, type NavigationParams } from './oauthParams';
import { seeOther } from '../http/redirects';

/**
 * The parameters the authorization page receives, as the relying party sent them: what the
 * identity-provider screen reads from its page's query, plus `code_challenge_method` and `max_age`
 * for it to forward to the SDK calls (which check them too).
 */
const FORWARDED = [
  'client_id',
  'redirect_uri',
  'response_type',
  'response_mode',
  'scope',
  'state',
  'nonce',
  'code_challenge',
  'code_challenge_method',
  'prompt',
  'max_age',
] as const;

/** The bounds of the SDK authorize body, so a request passed on here never fails there instead. */
const MAX_LENGTH: Record<string, number> = {
  state: 2048,
  nonce: 512,
  prompt: 64,
  max_age: 16,
  scope: 30_000,
};
/** Parameters not passed on (`id_token_hint`, `login_hint`, `ui_locales`...) are bounded loosely. */
const OTHER_MAX_LENGTH = 8192;
const MAX_SCOPES = 100;
const MAX_SCOPE_LENGTH = 256;

/** A page for the visitor when the client cannot be told: its id or redirect URI is not known good. */
const refused = (reason: string): Response => refusedPage('This sign-in request cannot be served', reason);

const invalid = (error_description: string): AuthorizeError => ({
  error: 'invalid_request',
  error_description,
});

/** What is wrong with a request whose client and redirect URI are good, or null. */
function problemOf(
  query: NavigationParams,
  app: ConnectedAppConfig,
  project: ProjectConfig,
): AuthorizeError | null {
  for (const [key, values] of query) {
    if (values.length > 1) return invalid(`${paramName(key)} parameter is repeated.`);
    const [value = ''] = values;
    if (hasForbiddenCharacter(value) || value.length > (MAX_LENGTH[key] ?? OTHER_MAX_LENGTH)) {
      return invalid(`${paramName(key)} parameter has a value that is not allowed.`);
    }
  }
  const one = (key: string): string | undefined => query.get(key)?.[0];
  if (one('request') !== undefined) {
    return { error: 'request_not_supported', error_description: 'Request objects are not supported.' };
  }
  if (one('request_uri') !== undefined) {
    return { error: 'request_uri_not_supported', error_description: 'request_uri is not supported.' };
  }
  const scopes = (one('scope') ?? '').split(' ').filter((s) => s !== '');
  if (scopes.length > MAX_SCOPES || scopes.some((s) => s.length > MAX_SCOPE_LENGTH)) {
    return invalid(`scope may name at most ${MAX_SCOPES} scopes of ${MAX_SCOPE_LENGTH} characters.`);
  }
  const shape = {
    response_type: one('response_type'),
    response_mode: one('response_mode'),
    nonce: one('nonce'),
    scopes,
    prompt: one('prompt'),
    max_age: one('max_age'),
    code_challenge: one('code_challenge'),
    code_challenge_method: one('code_challenge_method'),
  };
  const found = requestProblem(shape, 'plain');
  if (found) return found;
  // PKCE protects a code; an ID token alone is bound to the request by its nonce instead.
  if (shape.response_type === 'code' && !isConfidential(app) && shape.code_challenge === undefined) {
    return invalid('A public client must use PKCE (code_challenge with code_challenge_method=S256).');
  }
  if (!project.idp_authorization_url) {
    return { error: 'server_error', error_description: 'The project has no authorization page configured.' };
  }
  return null;
}

/**
 * The authorization endpoint of a project's issuer (RFC 6749 section 3.1). It checks the request
 * and sends the visitor to the project's authorization page (`idp_authorization_url`, which mounts
 * the identity-provider screen) with it; the screen does sign-in state, consent and the code.
 * An unknown client or an unregistered redirect URI gets an error page and never a redirect (the
 * URI could be anyone's); every other problem goes to the client's redirect URI with `state` and
 * `iss` (posted there for `response_mode=form_post`), including `unsupported_response_type` and a
 * PKCE method other than S256.
 */
async function authorize(c: Context<AppEnv>, services: Services): Promise<Response> {
  const project = issuerProject(c, services);
  if (!project) return refused('No project has this issuer.');
  const query = await readNavigationParams(c);
  const clientIds = query.get('client_id') ?? [];
  const [clientId] = clientIds;
  if (clientId === undefined || clientIds.length > 1) return refused('The request has no single client_id.');
  const app = project.connected_apps.find((a) => a.client_id === clientId);
  if (!app) return refused('The client_id is not an application of this project.');
  const redirectUris = query.get('redirect_uri') ?? [];
  const [redirectUri] = redirectUris;
  // OpenID Connect requires redirect_uri; it must equal a registered one exactly (RFC 6749 3.1.2).
  if (redirectUri === undefined || redirectUris.length > 1 || !app.redirect_urls.includes(redirectUri)) {
    return refused('The redirect_uri is not registered for this application.');
  }
  const issuer = projectIssuer(services.authOrigin, project.project_id);
  const problem = problemOf(query, app, project);
  if (problem) {
    const single = (key: string) => {
      const values = query.get(key);
      return values?.length === 1 ? values[0] : undefined;
    };
    const state = single('state');
    if (responseModeOf({ response_mode: single('response_mode') }) === 'form_post') {
      return formPostPage(redirectUri, { ...errorParams(problem, state), iss: issuer });
    }
    return seeOther(c, authorizationErrorUri(redirectUri, issuer, problem, state));
  }
  const page = project.idp_authorization_url ?? '';
  const forwarded = Object.fromEntries(FORWARDED.map((key) => [key, query.get(key)?.[0]]));
  return seeOther(c, withParams(page, forwarded));
}

export const authorizeRoutes: Route[] = [
  rawRoute('GET', `${ISSUER_PATH}/oauth2/authorize`, authorize),
  // OpenID Connect Core section 3.1.2.1: the authorization endpoint also takes a form POST.
  rawRoute('POST', `${ISSUER_PATH}/oauth2/authorize`, authorize),
];
