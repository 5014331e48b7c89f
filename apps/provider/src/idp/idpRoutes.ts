import type { AuthenticateResponse, IdpAuthorizeParams } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import { issueAuthorizationCode } from './authorizationCodes';
import { authorizationAnswerUri, errorParams } from './authorizationResponse';
import { promptValues, requestProblem, responseModeOf } from './authorizeProblems';
import { checkAuthorize, requireClientRedirect } from './authorizeRequest';
import { findClient, requireRegistered, toIdpClient, withParams } from './clients';
import { recordConsentRequest, takeConsentRequest } from './consentRequests';
import { storeConsent } from './consents';
import type { Services } from '../http/deps';
import { idTokenHintMatches } from './idTokenHint';
import { mintIdToken } from './idTokens';
import { loggedOutPage, projectIssuer } from './issuer';
import { sdkRoute, type Route } from '../http/route';
import { authenticateSessionToken, currentSigningKey } from '../sessions';
import { requireSession } from '../sessions/requireSession';
import { userClaims } from './userClaims';

/** Where the page goes with `params` as the answer to `body`, in the response mode it asked for. */
const answerUri = (
  project: ProjectConfig,
  services: Services,
  body: IdpAuthorizeParams,
  params: Record<string, string | undefined>,
): Promise<string> =>
  authorizationAnswerUri(services.db, {
    project,
    issuer: projectIssuer(services.authOrigin, project.project_id),
    redirectUri: body.redirect_uri,
    mode: responseModeOf(body),
    params,
    now: new Date(),
  });
import { AuthError } from '../errors/AuthError';

/**
 * Under `prompt=none` a visitor without a live session is not shown the sign-in: the client gets
 * `login_required` at its redirect URI (OpenID Connect Core section 3.1.2.6).
 */
async function loginRequiredWithoutSession(
  project: ProjectConfig,
  services: Services,
  body: IdpAuthorizeParams,
): Promise<{ redirect_uri: string }> {
  requireClientRedirect(project, body);
  const error = requestProblem(body, 'S256') ?? {
    error: 'login_required' as const,
    error_description: 'No one is signed in.',
  };
  return { redirect_uri: await answerUri(project, services, body, errorParams(error, body.state)) };
}

/**
 * `response_type=id_token`: the ID token alone, with the claims of the granted scopes (OpenID Connect
 * Core section 5.4: no access token, so no UserInfo to fetch them from).
 */
async function implicitIdToken(
  project: ProjectConfig,
  services: Services,
  input: { auth: AuthenticateResponse; body: IdpAuthorizeParams; scopes: string[]; authTime: number },
): Promise<string> {
  const { auth, body } = input;
  return mintIdToken({
    key: await currentSigningKey(services.db, project),
    issuer: projectIssuer(services.authOrigin, project.project_id),
    grant: { user_id: auth.user_id, client_id: body.client_id, auth_time: input.authTime },
    claims: userClaims(auth.user, input.scopes),
    nonce: body.nonce,
    now: new Date(),
  });
}

export const idpRoutes: Route[] = [
  sdkRoute('POST /idp/oauth/authorize/start', async ({ body, project, services, sessionToken }) => {
    const auth = await requireSession({ project, services, sessionToken });
    const checked = await checkAuthorize(services.db, project, auth, body, new Date());
    if (checked.consentRequired) {
      await recordConsentRequest(services.db, { project, auth, params: body, now: new Date() });
    }
    // With an error for the client, consent_required is false: the screen submits at once, shows
    // nothing, and the submit answers the error redirect (no UI, as prompt=none demands).
    return {
      user_id: auth.user_id,
      user: auth.user,
      client: toIdpClient(checked.app),
      consent_required: checked.consentRequired,
      scope_results: checked.scopeResults,
    };
  }),

  sdkRoute('POST /idp/oauth/authorize/submit', async ({ body, project, services, sessionToken }) => {
    const silent = promptValues(body.prompt).includes('none');
    const auth = await requireSession({ project, services, sessionToken }).catch((error: unknown) => {
      if (silent && error instanceof AuthError && error.error_type === 'user_unauthenticated') return null;
      throw error;
    });
    if (!auth) return loginRequiredWithoutSession(project, services, body);
    const now = new Date();
    const checked = await checkAuthorize(services.db, project, auth, body, now);
    const answer = (params: Record<string, string | undefined>) => answerUri(project, services, body, params);
    if (checked.error) return { redirect_uri: await answer(errorParams(checked.error, body.state)) };
    // RFC 6749 section 4.1.2.1: a refusal goes back to the client as access_denied.
    if (checked.consentRequired && !body.consent_granted) {
      return { redirect_uri: await answer({ error: 'access_denied', state: body.state }) };
    }
    if (
      checked.consentRequired &&
      !(await takeConsentRequest(services.db, { project, auth, params: body, now }))
    ) {
      throw new AuthError(
        'unauthorized_action',
        'Consent was not asked for this request: the consent screen must start it (authorize/start) first.',
      );
    }
    const key = { projectId: project.project_id, userId: auth.user_id, clientId: body.client_id };
    if (body.consent_granted) await storeConsent(services.db, key, checked.grantable, now);
    if (body.response_type === 'id_token') {
      const scopes = checked.grantable;
      const id_token = await implicitIdToken(project, services, {
        auth,
        body,
        scopes,
        authTime: checked.authTime,
      });
      return { redirect_uri: await answer({ id_token, state: body.state }) };
    }
    const code = await issueAuthorizationCode(services.db, {
      project,
      userId: auth.user_id,
      grant: {
        client_id: body.client_id,
        redirect_uri: body.redirect_uri,
        scopes: checked.grantable,
        auth_time: checked.authTime,
        ...(body.nonce === undefined ? {} : { nonce: body.nonce }),
        ...(body.code_challenge === undefined ? {} : { code_challenge: body.code_challenge }),
      },
      now,
    });
    return {
      redirect_uri: await answer({ code, state: body.state }),
      authorization_code: code,
    };
  }),

  sdkRoute('POST /oauth/logout/start', async ({ body, project, services, sessionToken }) => {
    const app = findClient(project, body.client_id);
    const issuer = projectIssuer(services.authOrigin, project.project_id);
    // The issuer's logged-out page ends a logout that asked for no redirect; it is every client's.
    requireRegistered(
      [...app.post_logout_redirect_urls, loggedOutPage(issuer)],
      body.post_logout_redirect_uri,
      'post_logout_redirect_uri',
    );
    const redirect_uri = withParams(body.post_logout_redirect_uri, { state: body.state });
    // Nothing to confirm without a live session; with one, the user is asked 'Log out?'
    // unless the client proved with an ID token hint that this user asked to log out.
    const auth = sessionToken
      ? await authenticateSessionToken({
          db: services.db,
          project,
          authOrigin: services.authOrigin,
          sessionToken,
        }).catch(() => null)
      : null;
    if (auth === null) return { redirect_uri, consent_required: false };
    const hinted = await idTokenHintMatches(services.db, {
      projectId: project.project_id,
      issuer,
      clientId: app.client_id,
      userId: auth.user_id,
      session: auth.session,
      hint: body.id_token_hint,
    });
    return { redirect_uri, consent_required: !hinted };
  }),
];
