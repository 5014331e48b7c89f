import type { Page, Request } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import type { DemoPage } from '../pages/DemoPage';
import type { HostPage } from '../pages/HostPage';
import { uniqueEmail } from '../support/devInbox';
import { AUTH_ORIGIN, HOST_ORIGIN } from '../support/env';
import { APPLE_STAND_IN, GITHUB_STAND_IN } from '../support/oidcStandIn';
import { OAUTH_LANDING, oauthConfig, signUpWithDevGoogle } from '../support/oauthConfig';

/**
 * The two other protocol families through the widget, against the stand-ins global-setup starts on
 * 127.0.0.1: plain OAuth 2 with a user API (a GitHub-shaped server: code, token, `/user` and
 * `/user/emails`) and Apple's form_post with its JWT client secret (panva's oidc-provider). The
 * OpenID Connect family with an ID token is oauthUpstream.spec.ts.
 */
const LANDING = OAUTH_LANDING;
const CONFIG = oauthConfig([GITHUB_STAND_IN.type, APPLE_STAND_IN.type]);

type Shown = { user?: { user_id?: string; emails?: { email: string; verified: boolean }[] } };

interface Family {
  name: string;
  type: string;
  button: string;
  /** Signs in (or declines) at the stand-in's own pages, from its first page. */
  atStandIn(page: Page, login: string, decline: boolean): Promise<void>;
  /** The callback request the stand-in's page made: a redirect (GET) or Apple's form POST. */
  method: 'GET' | 'POST';
}

const FAMILIES: Family[] = [
  {
    name: 'OAuth 2 with a user API (GitHub-shaped)',
    type: GITHUB_STAND_IN.type,
    button: `Continue with ${GITHUB_STAND_IN.name}`,
    method: 'GET',
    async atStandIn(page, login, decline) {
      await expect(page.getByRole('heading', { name: 'Sign in to GitHub' })).toBeVisible();
      await page.getByLabel('Username or email address').fill(login);
      await page.getByRole('button', { name: decline ? 'Cancel' : 'Authorize' }).click();
    },
  },
  {
    name: "Apple's form_post",
    type: APPLE_STAND_IN.type,
    button: `Continue with ${APPLE_STAND_IN.name}`,
    method: 'POST',
    async atStandIn(page, login, decline) {
      await expect(page.getByPlaceholder('Enter any login')).toBeVisible();
      if (decline) {
        await page.getByRole('link', { name: '[ Cancel ]' }).click();
        return;
      }
      await page.getByPlaceholder('Enter any login').fill(login);
      await page.getByPlaceholder('and password').fill('any password');
      await page.getByRole('button', { name: 'Sign-in' }).click();
      await page.getByRole('button', { name: 'Continue' }).click();
    },
  },
];

/** The whole sign-in through the widget; answers what the landing page shows. */
async function signIn(host: HostPage, demo: DemoPage, page: Page, family: Family, login: string) {
  // A fresh visit: no session left at the identity provider from an earlier sign-in.
  await page.context().clearCookies();
  await host.open({ config: CONFIG });
  await host.frame.getByRole('button', { name: family.button }).click();
  await family.atStandIn(page, login, false);
  await expect(page).toHaveURL(new RegExp(`^${LANDING}`));
  await expect(demo.landingStatus()).toHaveText('Signed in.');
  return JSON.parse((await demo.landingResult().textContent()) ?? '{}') as Shown;
}

for (const family of FAMILIES) {
  const callback = `${AUTH_ORIGIN}/v1/public/oauth/${family.type}/callback`;

  test(`${family.name}: sign-up, sign-in as the same user, and a replayed state`, async ({
    host,
    demo,
    page,
  }) => {
    test.slow(); // Two round trips through a third origin.
    const email = uniqueEmail(`${family.type}-up`);
    const callbacks: Request[] = [];
    page.on('request', (request) => {
      if (request.url().startsWith(callback)) callbacks.push(request);
    });
    const first = await test.step('the first sign-in creates the user with a verified address', () =>
      signIn(host, demo, page, family, email));
    expect(first.user?.emails).toEqual([expect.objectContaining({ email, verified: true })]);
    const names = (await page.context().cookies(`${HOST_ORIGIN}/`)).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['stytch_session', 'stytch_session_jwt']));

    const second = await test.step('the same account signs in as the same user', () =>
      signIn(host, demo, page, family, email));
    expect(second.user?.user_id).toMatch(/^user-test-/);
    expect(second.user?.user_id).toBe(first.user?.user_id);

    await test.step('the callback replayed (its state already used) is refused with a page', async () => {
      const used = callbacks[0];
      expect(used?.method()).toBe(family.method);
      if (family.method === 'GET') {
        expect(used?.url()).toContain('code=');
        await page.goto(used?.url() ?? '');
        await expect(page.getByRole('heading', { name: 'Sign-in could not continue' })).toBeVisible();
        await expect(page.getByText('This sign-in has expired or was already used.')).toBeVisible();
      } else {
        const body = used?.postData() ?? '';
        expect(new URLSearchParams(body).get('code')).toBeTruthy();
        const replay = await page.request.post(callback, {
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
          data: body,
          maxRedirects: 0,
        });
        expect(replay.status()).toBe(400);
        expect(await replay.text()).toContain('This sign-in has expired or was already used.');
      }
    });
  });

  test(`${family.name}: a verified address links to the existing user`, async ({ host, demo, page }) => {
    test.slow();
    const email = uniqueEmail(`${family.type}-link`);
    await test.step('the visitor first signed up with the dev Google', async () => {
      await signUpWithDevGoogle(host, demo, page, CONFIG, email);
    });
    const existing = JSON.parse((await demo.landingResult().textContent()) ?? '{}') as Shown;
    const linked = await signIn(host, demo, page, family, email);
    expect(linked.user?.user_id).toBe(existing.user?.user_id);
  });

  test(`${family.name}: a denied consent comes back to the landing page with the error`, async ({
    host,
    demo,
    page,
  }) => {
    await page.context().clearCookies();
    await host.open({ config: CONFIG });
    await host.frame.getByRole('button', { name: family.button }).click();
    await family.atStandIn(page, uniqueEmail(`${family.type}-deny`), true);
    await expect(page).toHaveURL(new RegExp(`^${LANDING}`));
    await expect(demo.landingStatus()).toHaveText(/^Sign-in failed: /);
    const names = (await page.context().cookies(`${HOST_ORIGIN}/`)).map((c) => c.name);
    expect(names).not.toContain('stytch_session');
  });
}
