import type { Context } from 'hono';
import { hasForbiddenCharacter } from '@latch/api';
import { escapeHtml, htmlPage } from '../frame/htmlPage';
import type { ConnectedAppConfig } from '../config/configSchema';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { withParams } from './clients';
import { readIdTokenHint } from './idTokenHint';
import { ISSUER_PATH, loggedOutPage, projectIssuer } from './issuer';
import { issuerProject } from './issuerProject';
import { readNavigationParams } from './oauthParams';
import { refusedPage } from './refusedPage';

/** The bounds of the logout-start body, so a request passed on here never fails there instead. */
const MAX_LENGTH: Record<string, number> = {
  client_id: 256,
  post_logout_redirect_uri: 2048,
  state: 2048,
  id_token_hint: 8192,
};
/** Parameters not passed on (`logout_hint`, `ui_locales`) are bounded loosely. */
const OTHER_MAX_LENGTH = 8192;

/** The visitor's page when the request cannot be trusted: never a redirect (RP-Initiated Logout 4). */
const refused = (reason: string): Response => refusedPage('This logout request cannot be served', reason);

type Checked = { app: ConnectedAppConfig; postLogoutRedirectUri: string | undefined } | { refused: string };

/**
 * The client and post-logout redirect URI of a logout request, or why it is refused. The client is
 * `client_id`, or the audience of `id_token_hint`; both given must agree. The hint must be an ID
 * token of this issuer (expired ones too: the application's session may outlive it). The URI is
 * optional (RP-Initiated Logout 1.0 section 3), but when given it must be one the client registered.
 */
async function checkLogout(
  services: Services,
  projectId: string,
  apps: readonly ConnectedAppConfig[],
  one: (key: string) => string | undefined,
): Promise<Checked> {
  const hintText = one('id_token_hint');
  const issuer = projectIssuer(services.authOrigin, projectId);
  const hint =
    hintText === undefined ? null : await readIdTokenHint(services.db, { projectId, issuer, hint: hintText });
  if (hintText !== undefined && hint === null) {
    return { refused: 'The id_token_hint is not an ID token this provider issued.' };
  }
  const clientId = one('client_id') ?? (hint?.aud.length === 1 ? hint.aud[0] : undefined);
  if (clientId === undefined)
    return { refused: 'The request names no client: send client_id or id_token_hint.' };
  if (hint && !hint.aud.includes(clientId)) {
    return { refused: 'The id_token_hint was issued to another client than client_id.' };
  }
  const app = apps.find((a) => a.client_id === clientId);
  if (!app) return { refused: 'The client_id is not an application of this project.' };
  const postLogoutRedirectUri = one('post_logout_redirect_uri');
  if (postLogoutRedirectUri !== undefined && !app.post_logout_redirect_urls.includes(postLogoutRedirectUri)) {
    return { refused: 'The post_logout_redirect_uri is not registered for this application.' };
  }
  return { app, postLogoutRedirectUri };
}

/**
 * The end-session endpoint of a project's issuer (OpenID Connect RP-Initiated Logout 1.0), GET or
 * form POST. A valid request goes to the project's authorization page as a logout: the
 * identity-provider screen asks "Log out?" unless the ID token hint shows the signed-in user asked,
 * ends the session and sends the visitor to the post-logout redirect URI with `state`, or, when the
 * application asked for none, to the issuer's logged-out page (`state` then has nowhere to go).
 * Anything that fails validation gets an error page and never a redirect.
 */
async function endSession(c: Context<AppEnv>, services: Services): Promise<Response> {
  const project = issuerProject(c, services);
  if (!project) return refused('No project has this issuer.');
  const params = await readNavigationParams(c);
  for (const [key, values] of params) {
    const [value = ''] = values;
    if (
      values.length > 1 ||
      hasForbiddenCharacter(value) ||
      value.length > (MAX_LENGTH[key] ?? OTHER_MAX_LENGTH)
    ) {
      return refused('A parameter is repeated or has a value that is not allowed.');
    }
  }
  const one = (key: string): string | undefined => params.get(key)?.[0];
  const checked = await checkLogout(services, project.project_id, project.connected_apps, one);
  if ('refused' in checked) return refused(checked.refused);
  if (!project.idp_authorization_url) return refused('The project has no authorization page configured.');
  const redirectUri = checked.postLogoutRedirectUri;
  const page = withParams(project.idp_authorization_url, {
    client_id: checked.app.client_id,
    post_logout_redirect_uri:
      redirectUri ?? loggedOutPage(projectIssuer(services.authOrigin, project.project_id)),
    state: redirectUri === undefined ? undefined : one('state'),
    id_token_hint: one('id_token_hint'),
  });
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(page, 303);
}

/** The issuer's logged-out page (`loggedOutPage`): where a logout without a post-logout redirect ends. */
function loggedOut(c: Context<AppEnv>, services: Services): Response {
  const project = issuerProject(c, services);
  if (!project) return htmlPage('not_found', 'Not found', '<p>No project has this issuer.</p>');
  return htmlPage(
    'ok',
    'Logged out',
    `<p>You have been logged out of your ${escapeHtml(project.name)} account. You may close this page.</p>`,
  );
}

export const endSessionRoutes: Route[] = [
  rawRoute('GET', `${ISSUER_PATH}/oauth2/logout`, endSession),
  // RP-Initiated Logout section 2: the endpoint takes GET and form-serialized POST alike.
  rawRoute('POST', `${ISSUER_PATH}/oauth2/logout`, endSession),
  rawRoute('GET', `${ISSUER_PATH}/oauth2/logged_out`, loggedOut),
];
