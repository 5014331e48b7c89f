import { expect, test } from '../fixtures/test';
import { IdentityProviderPage, IDP_REDIRECT_URI } from '../pages/IdentityProviderPage';
import { SESSION_COOKIES } from '../pages/HostPage';
import { uniqueEmail } from '../support/devInbox';
import { AUTH_ORIGIN, HOST_ORIGIN } from '../support/env';
import { EMAIL_CODE } from '../support/loginConfigs';
import { signInThroughApi } from '../support/signIn';

const CONSENT_TITLE = 'E2E Notes wants to access your Latch e2e account';

test.describe('identity provider, signed in', () => {
  test.beforeEach(async ({ host, provider }) => {
    await signInThroughApi(host, provider, uniqueEmail('idp'));
  });

  test('consent screen, then Allow sends the host to the redirect URI with a code and the state', async ({
    page,
  }) => {
    const idp = new IdentityProviderPage(page);
    await idp.openAuthorize({ scope: 'openid email read:notes delete:everything' });
    await test.step('the consent screen names the app, the project and the scopes', async () => {
      await idp.expectConsent(CONSENT_TITLE);
      await expect(idp.frame.getByText('Allow E2E Notes to:')).toBeVisible();
      await expect(idp.grantableScopes()).toHaveText([
        'Verify your identity and view your account information',
        'View your email address',
        'Read your notes',
      ]);
    });
    await test.step('drawn checks, not browser bullets; a chevron, not the native triangle', async () => {
      const markers = await idp
        .grantableScopes()
        .evaluateAll((items) =>
          items.map((li) => [getComputedStyle(li).listStyleType, getComputedStyle(li, '::before').content]),
        );
      expect(markers).toEqual(markers.map(() => ['none', '""']));
      const summary = idp.frame.locator('details.latch-idp-ungrantable > summary');
      expect(await summary.evaluate((el) => getComputedStyle(el).display)).toBe('flex');
      expect(await summary.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('""');
    });
    await test.step('a scope the visitor cannot grant sits in the box', async () => {
      await expect(
        idp.frame.getByText(
          'You do not have permissions to grant E2E Notes access to some of the requested scopes.',
        ),
      ).toBeVisible();
      await expect(await idp.openUngrantable()).toHaveText(['Use the delete:everything scope']);
    });
    await test.step('Allow', async () => {
      await idp.allow();
      const query = await idp.redirectedQuery();
      expect(query.get('state')).toBe('e2e-state');
      expect(query.get('code')).toMatch(/^[A-Za-z0-9_-]{40,}$/);
      expect(query.get('error')).toBeNull();
    });
  });

  test("the host's getIDPConsentManifest words the consent; a failing one falls back", async ({
    page,
    host,
  }) => {
    const idp = new IdentityProviderPage(page);
    const manifest = [
      { header: 'Your notes', items: ['Read them', { text: 'Sort them', details: ['By date'] }] },
    ];
    await test.step('the manifest replaces the built-in scope texts', async () => {
      await idp.openAuthorize({ consentManifest: JSON.stringify(manifest) });
      await idp.expectConsent(CONSENT_TITLE);
      await expect(idp.frame.getByText('Your notes')).toBeVisible();
      await expect(idp.grantableScopes()).toHaveText(['Read them', 'Sort themBy date', 'By date']);
      const requests = await page.evaluate(
        () => Reflect.get(window.latchHost, 'manifestRequests') as unknown,
      );
      expect(requests).toEqual([{ scopes: ['openid', 'email', 'read:notes'], clientName: 'E2E Notes' }]);
    });
    await test.step('a renderer that throws: the default screen, and onError says why', async () => {
      await idp.openAuthorize({ consentManifest: 'throw' });
      await idp.expectConsent(CONSENT_TITLE);
      await expect(idp.grantableScopes()).toHaveText([
        'Verify your identity and view your account information',
        'View your email address',
        'Read your notes',
      ]);
      await expect
        .poll(async () => (await host.recorded()).errors.map((e) => e.message))
        .toContainEqual(expect.stringContaining('getIDPConsentManifest failed'));
    });
  });

  test('only standard scopes: the sign-in title', async ({ page }) => {
    const idp = new IdentityProviderPage(page);
    await idp.openAuthorize({ scope: 'openid profile' });
    await idp.expectConsent('Sign in to E2E Notes with Latch e2e');
    await expect(idp.frame.getByText('E2E Notes is requesting to:')).toBeVisible();
  });

  test('Deny sends the host back with error=access_denied and no code', async ({ page }) => {
    const idp = new IdentityProviderPage(page);
    await idp.openAuthorize();
    await idp.expectConsent(CONSENT_TITLE);
    await idp.deny();
    const query = await idp.redirectedQuery();
    expect(query.get('error')).toBe('access_denied');
    expect(query.get('state')).toBe('e2e-state');
    expect(query.get('code')).toBeNull();
  });

  test('an unregistered redirect URI is refused and the host stays put', async ({ page, host }) => {
    const idp = new IdentityProviderPage(page);
    await idp.openAuthorize({ redirect_uri: `${HOST_ORIGIN}/elsewhere` });
    await expect(idp.frame.getByRole('heading', { name: 'Looks like there was an error!' })).toBeVisible();
    await expect(idp.message()).toContainText('is not registered for this client');
    expect(new URL(page.url()).pathname).toBe('/fixtures/host.html');
    await expect
      .poll(async () => (await host.recorded()).errors.map((e) => e.error_type))
      .toContain('redirect_url_not_found');
  });

  test('a missing client_id is named', async ({ page }) => {
    const idp = new IdentityProviderPage(page);
    await idp.openAuthorize({ client_id: '' });
    await expect(idp.message()).toHaveText(
      'Required parameter is missing: client_id. Please reach out to the application developer.',
    );
  });

  test('logout: No keeps the session, Yes ends it and goes to the post-logout URI', async ({
    page,
    host,
  }) => {
    const idp = new IdentityProviderPage(page);
    await idp.openLogout();
    await expect(idp.frame.getByRole('heading', { name: 'Log out?' })).toBeVisible();
    await expect(
      idp.frame.getByText('Are you sure you want to log out of your Latch e2e account?'),
    ).toBeVisible();
    await idp.frame.getByRole('button', { name: 'No' }).click();
    await expect(idp.message()).toHaveText('You have not been logged out. You may close this page.');
    expect(await host.sessionCookieNames()).toEqual(expect.arrayContaining(SESSION_COOKIES));

    await idp.openLogout();
    await idp.frame.getByRole('button', { name: 'Yes' }).click();
    const query = await idp.redirectedQuery();
    expect(query.get('state')).toBe('bye');
    expect(await host.sessionCookieNames()).toEqual([]);
  });
});

// The screen mounted alone (the fixture host) keeps the widget's own message. A real authorization page
// signs the visitor in first, as the demo's does: e2e/tests/openid-client.spec.ts goes through it.
test('authorize without a session asks the visitor to log in', async ({ page }) => {
  const idp = new IdentityProviderPage(page);
  await idp.openAuthorize();
  await expect(idp.message()).toHaveText('No active session detected. Please log in to continue.');
  expect(page.url()).not.toContain(IDP_REDIRECT_URI);
});

test("the event log's render_login_screen and render_idp_screen carry the same snake_case bootstrap", async ({
  page,
  host,
}) => {
  /** The `details` of the first entry of that name the frame sends to the provider's event log. */
  const sent = async (name: string) => {
    const request = await page.waitForRequest(
      (r) => r.url() === `${AUTH_ORIGIN}/sdk/v1/events` && (r.postData() ?? '').includes(`"${name}"`),
    );
    const entries = request.postDataJSON() as { event: { event_name: string; details: unknown } }[];
    return entries.find((entry) => entry.event.event_name === name)?.event.details;
  };
  const login = sent('render_login_screen');
  await host.open({ config: EMAIL_CODE });
  const loginDetails = (await login) as { bootstrap: Record<string, unknown> };

  const idp = sent('render_idp_screen');
  await new IdentityProviderPage(page).openAuthorize();
  const idpDetails = (await idp) as { bootstrap: Record<string, unknown> };

  expect(loginDetails.bootstrap).toMatchObject({
    project_name: 'Latch e2e',
    disable_sdk_watermark: expect.any(Boolean),
  });
  expect(Object.keys(loginDetails.bootstrap).filter((key) => /[A-Z]/.test(key))).toEqual([]);
  expect(idpDetails.bootstrap).toEqual(loginDetails.bootstrap);
});
