import { issueAuthorizationCode } from './authorizationCodes';
import { checkAuthorize } from './authorizeRequest';
import { findClient, requireRegistered, toIdpClient, withParams } from './clients';
import { recordConsentRequest, takeConsentRequest } from './consentRequests';
import { storeConsent } from './consents';
import { ApiFailure } from '../http/ApiFailure';
import { idTokenHintMatches } from './idTokenHint';
import { sdkRoute, type Route } from '../http/route';
import { authenticateSessionToken } from '../sessions';
import { requireSession } from '../sessions/requireSession';

export const idpRoutes: Route[] = [
  sdkRoute('POST /idp/oauth/authorize/start', async ({ body, project, services, sessionToken }) => {
    const auth = await requireSession({ project, services, sessionToken });
    const checked = await checkAuthorize(services.db, project, auth, body);
    if (checked.consentRequired) {
      await recordConsentRequest(services.db, { project, auth, params: body, now: new Date() });
    }
    return {
      user_id: auth.user_id,
      user: auth.user,
      client: toIdpClient(checked.app),
      consent_required: checked.consentRequired,
      scope_results: checked.scopeResults,
    };
  }),

  sdkRoute('POST /idp/oauth/authorize/submit', async ({ body, project, services, sessionToken }) => {
    const auth = await requireSession({ project, services, sessionToken });
    const checked = await checkAuthorize(services.db, project, auth, body);
    // RFC 6749 section 4.1.2.1: a refusal goes back to the client as access_denied.
    if (checked.consentRequired && !body.consent_granted) {
      return { redirect_uri: withParams(body.redirect_uri, { error: 'access_denied', state: body.state }) };
    }
    const now = new Date();
    if (
      checked.consentRequired &&
      !(await takeConsentRequest(services.db, { project, auth, params: body, now }))
    ) {
      throw new ApiFailure(
        'unauthorized_action',
        403,
        'Consent was not asked for this request: the consent screen must start it (authorize/start) first.',
      );
    }
    const key = { projectId: project.project_id, userId: auth.user_id, clientId: body.client_id };
    if (body.consent_granted) await storeConsent(services.db, key, checked.grantable, now);
    const code = await issueAuthorizationCode(services.db, {
      project,
      userId: auth.user_id,
      grant: {
        client_id: body.client_id,
        redirect_uri: body.redirect_uri,
        scopes: checked.grantable,
        ...(body.nonce === undefined ? {} : { nonce: body.nonce }),
        ...(body.code_challenge === undefined ? {} : { code_challenge: body.code_challenge }),
      },
      now,
    });
    return {
      redirect_uri: withParams(body.redirect_uri, { code, state: body.state }),
      authorization_code: code,
    };
  }),

  sdkRoute('POST /oauth/logout/start', async ({ body, project, services, sessionToken }) => {
    const app = findClient(project, body.client_id);
    requireRegistered(
      app.post_logout_redirect_urls,
      body.post_logout_redirect_uri,
      'post_logout_redirect_uri',
    );
    const redirect_uri = withParams(body.post_logout_redirect_uri, { state: body.state });
    // Nothing to confirm without a live session; with one, the user is asked (SPEC.md section 4)
    // unless the client proved with an ID token hint that this user asked to log out.
    const userId = sessionToken
      ? await authenticateSessionToken({
          db: services.db,
          project,
          authOrigin: services.authOrigin,
          sessionToken,
        }).then(
          (auth) => auth.user_id,
          () => null,
        )
      : null;
    if (userId === null) return { redirect_uri, consent_required: false };
    const hinted = await idTokenHintMatches(services.db, {
      projectId: project.project_id,
      issuer: services.authOrigin,
      clientId: app.client_id,
      userId,
      hint: body.id_token_hint,
    });
    return { redirect_uri, consent_required: !hinted };
  }),
];
