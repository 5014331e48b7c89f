import type { Context } from 'hono';
import { hasForbiddenCharacter } from '@latch/api';
import type { ConnectedAppConfig } from '../config/configSchema';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { withParams } from './clients';
import { readIdTokenHint } from './idTokenHint';
import { ISSUER_PATH, projectIssuer } from './issuer';
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

type Checked = { app: ConnectedAppConfig; postLogoutRedirectUri: string } | { refused: string };

/**
 * The client and post-logout redirect URI of a logout request, or why it is refused. The client is
 * `client_id`, or the audience of `id_token_hint`; both given must agree. The hint must be an ID
 * token of this issuer (expired ones too: the application's session may outlive it).
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
  // The logout ends on the application's page, which then sends the visitor somewhere: it needs a target.
  if (postLogoutRedirectUri === undefined) return { refused: 'The request has no post_logout_redirect_uri.' };
  if (!app.post_logout_redirect_urls.includes(postLogoutRedirectUri)) {
    return { refused: 'The post_logout_redirect_uri is not registered for this application.' };
  }
  return { app, postLogoutRedirectUri };
}

/**
 * The end-session endpoint of a project's issuer (OpenID Connect RP-Initiated Logout 1.0), GET or
 * form POST. A valid request goes to the project's authorization page as a logout: the
 * identity-provider screen asks "Log out?" unless the ID token hint shows the signed-in user asked,
 * ends the session and sends the visitor to the post-logout redirect URI with `state`. Anything
 * that fails validation gets an error page and never a redirect.
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
  const page = withParams(project.idp_authorization_url, {
    client_id: checked.app.client_id,
    post_logout_redirect_uri: checked.postLogoutRedirectUri,
    state: one('state'),
    id_token_hint: one('id_token_hint'),
  });
  c.header('Cache-Control', 'no-store');
  c.header('Referrer-Policy', 'no-referrer');
  return c.redirect(page, 303);
}

export const endSessionRoutes: Route[] = [
  rawRoute('GET', `${ISSUER_PATH}/oauth2/logout`, endSession),
  // RP-Initiated Logout section 2: the endpoint takes GET and form-serialized POST alike.
  rawRoute('POST', `${ISSUER_PATH}/oauth2/logout`, endSession),
];
