import type { UserManager } from 'oidc-client-ts';
import { expect, test } from '../fixtures/test';
import { AuthorizationPage } from '../pages/AuthorizationPage';
import { SESSION_COOKIES } from '../pages/HostPage';
import { uniqueEmail } from '../support/devInbox';
import { AUTH_ORIGIN } from '../support/env';
import { EXPRESS_APP, serveExpressApp } from '../support/expressRelyingParty';
import { ISSUER } from '../support/relyingParty';
import { signInThroughApi } from '../support/signIn';
import { serveSpa, SPA_APP } from '../support/spaRelyingParty';

/*
 * Relying parties as their developers configure them, by discovery from the issuer, against the
 * real pages: the authorization and end-session endpoints, the demo's authorization page with the
 * consent and logout screens, and the application's own URIs.
 */

/** oidc-client-ts's signinRedirect, consent on the authorization page, then its callback: the user it keeps. */
async function signInToSpa(authorization: AuthorizationPage) {
  const { page } = authorization;
  await page.goto(SPA_APP.page);
  // The promise never settles: the page navigates away.
  await page.evaluate(() => {
    void window.rp.signinRedirect();
  });
  await authorization.expectConsent('Sign in to E2E SPA with Latch e2e');
  await authorization.allow();
  await page.waitForURL((url) => url.href.startsWith(`${SPA_APP.page}?`) && url.searchParams.has('code'));
  return page.evaluate(() =>
    window.rp.signinRedirectCallback().then((u) => ({ email: u.profile.email, idToken: u.id_token })),
  );
}

test("oidc-client-ts: signinRedirect, then signoutRedirect ends the visitor's session and returns with its state", async ({
  page,
  host,
  provider,
}) => {
  test.slow(); // Sign-in on the host, consent, a token call, then the logout round trip.
  const email = uniqueEmail('spa-rp');
  await signInThroughApi(host, provider, email);
  expect(await host.sessionCookieNames()).toEqual(expect.arrayContaining(SESSION_COOKIES));
  await serveSpa(page);
  const authorization = new AuthorizationPage(page);

  await test.step('signinRedirect: consent on the authorization page, then the callback', async () => {
    const user = await signInToSpa(authorization);
    expect(user.email).toBe(email);
    expect(user.idToken).toEqual(expect.any(String));
  });

  await test.step('signoutRedirect: the end-session endpoint, no confirmation with the ID token hint', async () => {
    const endSession = page.waitForRequest((r) => r.url().startsWith(`${ISSUER.href}/oauth2/logout?`));
    await page.evaluate(() => {
      void window.rp.signoutRedirect({ state: 'spa-bye' });
    });
    const sent = new URL((await endSession).url());
    expect(sent.searchParams.get('id_token_hint')).toEqual(expect.any(String));
    expect(sent.searchParams.get('post_logout_redirect_uri')).toBe(SPA_APP.page);
    await page.waitForURL((url) => url.href.startsWith(`${SPA_APP.page}?state=`));
    const response = await page.evaluate(() =>
      window.rp.signoutRedirectCallback().then((r) => ({ state: r.userState, error: r.error })),
    );
    expect(response).toEqual({ state: 'spa-bye', error: null });
    expect(await host.sessionCookieNames()).toEqual([]);
  });
});

test("oidc-client-ts without a post_logout_redirect_uri: the logout ends on the provider's logged-out page", async ({
  page,
  host,
  provider,
}) => {
  test.slow(); // Sign-in on the host, consent, a token call, then the logout.
  await signInThroughApi(host, provider, uniqueEmail('spa-rp-no-redirect'));
  await serveSpa(page);
  const authorization = new AuthorizationPage(page);
  await signInToSpa(authorization);

  const endSession = page.waitForRequest((r) => r.url().startsWith(`${ISSUER.href}/oauth2/logout?`));
  // A manager of the same client configured with no post-logout URI: it sends the ID token hint only.
  await page.evaluate(
    ({ authority, clientId }) => {
      const settings = { authority, client_id: clientId, redirect_uri: location.href };
      void new window.oidc.UserManager(settings).signoutRedirect();
    },
    { authority: ISSUER.href, clientId: SPA_APP.clientId },
  );
  expect([...new URL((await endSession).url()).searchParams.keys()]).toEqual(['id_token_hint']);
  await page.waitForURL(`${ISSUER.href}/oauth2/logged_out`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Logged out');
  await expect(page.getByText('You have been logged out of your Latch e2e account.')).toBeVisible();
  expect(await host.sessionCookieNames()).toEqual([]);
});

test("express-openid-connect's defaults: an ID token by form_post, then idpLogout through end_session_endpoint", async ({
  page,
  host,
  provider,
}) => {
  test.slow(); // Sign-in on the host, consent, the form post, then the logout round trip.
  const email = uniqueEmail('express-rp');
  await signInThroughApi(host, provider, email);
  const app = await serveExpressApp(page);
  const authorization = new AuthorizationPage(page);
  try {
    await test.step('/login asks for response_type=id_token with response_mode=form_post', async () => {
      const authorize = page.waitForRequest((r) => r.url().startsWith(`${ISSUER.href}/oauth2/authorize?`));
      await page.goto(`${EXPRESS_APP.baseUrl}/login`);
      const sent = new URL((await authorize).url());
      expect(sent.searchParams.get('response_type')).toBe('id_token');
      expect(sent.searchParams.get('response_mode')).toBe('form_post');
      expect(sent.searchParams.get('nonce')).toEqual(expect.any(String));
    });

    await test.step('Allow: the ID token is posted to the callback, which signs the visitor in', async () => {
      await authorization.expectConsent('Sign in to E2E Express App with Latch e2e');
      const posted = page.waitForRequest(
        (r) => r.method() === 'POST' && r.url() === `${EXPRESS_APP.baseUrl}/callback`,
      );
      await authorization.allow();
      const callback = await posted;
      expect(callback.headers()['origin']).toBe(AUTH_ORIGIN);
      const form = new URLSearchParams(callback.postData() ?? '');
      expect([...form.keys()].sort()).toEqual(['id_token', 'iss', 'state']);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Signed in as ${email}`);
    });

    await test.step('/logout with idpLogout: the end-session endpoint ends the Latch session too', async () => {
      const endSession = page.waitForRequest((r) => r.url().startsWith(`${ISSUER.href}/oauth2/logout?`));
      await page.goto(`${EXPRESS_APP.baseUrl}/logout`);
      expect(new URL((await endSession).url()).searchParams.get('id_token_hint')).toEqual(expect.any(String));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signed out');
      expect(page.url()).toBe(EXPRESS_APP.baseUrl);
      expect(await host.sessionCookieNames()).toEqual([]);
    });
  } finally {
    await app.stop();
  }
});

declare global {
  interface Window {
    rp: UserManager;
    /** oidc-client-ts's browser build, on the SPA page. */
    oidc: { UserManager: typeof UserManager };
  }
}
