import * as client from 'openid-client';
import { expect, test } from '../fixtures/test';
import { AuthorizationPage } from '../pages/AuthorizationPage';
import { uniqueEmail } from '../support/devInbox';
import {
  authorizationRequest,
  discover,
  ISSUER,
  PUBLIC_APP,
  rejection,
  SERVER_APP,
} from '../support/relyingParty';
import { enterEmailCode, signInThroughApi } from '../support/signIn';

/*
 * A relying party as a third-party developer writes it: openid-client configured only by discovery
 * from the issuer URL. The browser follows its authorization URL through the real pages: the
 * authorization endpoint, the demo's authorization page (sign-in, then consent), the redirect URI.
 */

test('code + PKCE with client_secret_basic: sign-in, consent, ID token, UserInfo, refresh; a reused code and prompt=none are refused', async ({
  page,
  inbox,
}) => {
  test.slow(); // Sign-in and consent in two frames, two authorization round trips, four token calls.
  const email = uniqueEmail('rp');
  const authorization = new AuthorizationPage(page);
  const config = await discover(SERVER_APP.clientId, client.ClientSecretBasic(SERVER_APP.secret));
  expect(config.serverMetadata().issuer).toBe(ISSUER.href);
  const { url, checks } = await authorizationRequest(config, {
    redirect_uri: SERVER_APP.redirectUri,
    scope: 'openid email profile offline_access',
  });

  await test.step('the authorization endpoint sends the visitor to the authorization page, which signs in first', async () => {
    await page.goto(url.href);
    await authorization.expectOpened();
    await enterEmailCode(authorization, inbox, email);
  });
  const callback = await test.step('then the consent screen; Allow goes to the redirect URI', async () => {
    await authorization.expectConsent('Sign in to E2E Server App with Latch e2e');
    await authorization.allow();
    return authorization.redirectedTo(SERVER_APP.redirectUri);
  });
  expect(callback.searchParams.get('iss')).toBe(ISSUER.href);

  const tokens = await test.step('the code exchange validates the ID token', () =>
    client.authorizationCodeGrant(config, callback, { ...checks, idTokenExpected: true }));
  const claims = tokens.claims();
  expect(claims).toMatchObject({ iss: ISSUER.href, aud: SERVER_APP.clientId, email, email_verified: true });
  expect(claims?.auth_time).toEqual(expect.any(Number));
  const sub = String(claims?.sub);

  await test.step('UserInfo, then a refresh with the refresh token', async () => {
    expect(await client.fetchUserInfo(config, tokens.access_token, sub)).toMatchObject({ sub, email });
    const refreshed = await client.refreshTokenGrant(config, String(tokens.refresh_token));
    expect(refreshed.refresh_token).toEqual(expect.any(String));
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.claims()).toMatchObject({ sub, auth_time: claims?.auth_time });
  });

  await test.step('the same code a second time: invalid_grant', async () => {
    const reused = await rejection(client.authorizationCodeGrant(config, callback, checks));
    expect(reused).toBeInstanceOf(client.ResponseBodyError);
    expect(reused).toMatchObject({ error: 'invalid_grant', status: 400 });
  });

  await test.step('prompt=none for a client the visitor never consented to: consent_required', async () => {
    const publicConfig = await discover(PUBLIC_APP.clientId, client.None());
    const silent = await authorizationRequest(publicConfig, {
      redirect_uri: PUBLIC_APP.redirectUri,
      scope: 'openid email',
      prompt: 'none',
    });
    await page.goto(silent.url.href);
    const answer = await authorization.redirectedTo(PUBLIC_APP.redirectUri);
    const refused = await rejection(client.authorizationCodeGrant(publicConfig, answer, silent.checks));
    expect(refused).toBeInstanceOf(client.AuthorizationResponseError);
    expect(refused).toMatchObject({ error: 'consent_required' });
  });
});

test('a public client with none + PKCE, for a visitor already signed in', async ({
  page,
  host,
  provider,
}) => {
  test.slow(); // The host page to adopt the session, then the authorization endpoint and consent.
  await signInThroughApi(host, provider, uniqueEmail('rp-public'));
  const config = await discover(PUBLIC_APP.clientId, client.None());
  const { url, checks } = await authorizationRequest(config, {
    redirect_uri: PUBLIC_APP.redirectUri,
    scope: 'openid email read:notes',
  });
  const authorization = new AuthorizationPage(page);
  await page.goto(url.href);
  await authorization.expectConsent('E2E Notes wants to access your Latch e2e account');
  await authorization.allow();
  const callback = await authorization.redirectedTo(PUBLIC_APP.redirectUri);
  const tokens = await client.authorizationCodeGrant(config, callback, { ...checks, idTokenExpected: true });
  expect(tokens.claims()).toMatchObject({ iss: ISSUER.href, aud: PUBLIC_APP.clientId });
  expect(tokens.scope?.split(' ')).toContain('read:notes');
  expect(tokens.refresh_token).toBeUndefined();
});

test('prompt=none without a session: login_required at the redirect URI', async ({ page }) => {
  const config = await discover(PUBLIC_APP.clientId, client.None());
  const { url, checks } = await authorizationRequest(config, {
    redirect_uri: PUBLIC_APP.redirectUri,
    scope: 'openid',
    prompt: 'none',
  });
  await page.goto(url.href);
  const callback = await new AuthorizationPage(page).redirectedTo(PUBLIC_APP.redirectUri);
  const refused = await rejection(client.authorizationCodeGrant(config, callback, checks));
  expect(refused).toMatchObject({ error: 'login_required' });
});
