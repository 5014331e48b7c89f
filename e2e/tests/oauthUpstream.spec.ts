import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import type { DemoPage } from '../pages/DemoPage';
import type { HostPage } from '../pages/HostPage';
import { uniqueEmail } from '../support/devInbox';
import { AUTH_ORIGIN, HOST_ORIGIN } from '../support/env';
import { OAUTH_LANDING, oauthConfig, signUpWithDevGoogle } from '../support/oauthConfig';
import { OIDC_STAND_IN } from '../support/oidcStandIn';

/**
 * "Continue with Microsoft" against a real OpenID Connect provider (panva's oidc-provider, started
 * by global-setup on 127.0.0.1 and named as the project's Microsoft issuer): the widget on the
 * host origin, the provider on the auth origin, the identity provider on a third origin.
 */
const LANDING = OAUTH_LANDING;
const CONFIG = oauthConfig([OIDC_STAND_IN.type]);
const CALLBACK = `${AUTH_ORIGIN}/v1/public/oauth/${OIDC_STAND_IN.type}/callback`;

/** Clicks the button in the widget and waits for the stand-in's own login page. */
async function toStandInLogin(host: HostPage, page: Page) {
  await host.open({ config: CONFIG });
  await host.frame.getByRole('button', { name: `Continue with ${OIDC_STAND_IN.name}` }).click();
  await expect(page.getByPlaceholder('Enter any login')).toBeVisible();
}

/** The whole sign-in through the widget; answers the user id the landing page shows. */
async function signInAtStandIn(host: HostPage, demo: DemoPage, page: Page, login: string) {
  // A fresh visit: no session left at the identity provider from an earlier sign-in.
  await page.context().clearCookies();
  await toStandInLogin(host, page);
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`^${LANDING}`));
  await expect(demo.landingStatus()).toHaveText('Signed in.');
  const shown = JSON.parse((await demo.landingResult().textContent()) ?? '{}') as {
    user?: { user_id?: string; emails?: { email: string; verified: boolean }[] };
  };
  return shown.user;
}

test('OpenID Connect: sign-up, sign-in as the same user, and a replayed callback', async ({
  host,
  demo,
  page,
}) => {
  test.slow(); // Two round trips through a third origin.
  const email = uniqueEmail('oidc');
  const callbacks: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(CALLBACK)) callbacks.push(request.url());
  });
  const first = await test.step('first sign-in creates the user with a verified address', () =>
    signInAtStandIn(host, demo, page, email));
  expect(first?.emails).toEqual([expect.objectContaining({ email, verified: true })]);
  const names = (await page.context().cookies(`${HOST_ORIGIN}/`)).map((c) => c.name);
  expect(names).toEqual(expect.arrayContaining(['stytch_session', 'stytch_session_jwt']));

  const second = await test.step('the same account signs in as the same user', () =>
    signInAtStandIn(host, demo, page, email));
  expect(second?.user_id).toMatch(/^user-test-/);
  expect(second?.user_id).toBe(first?.user_id);

  await test.step('the callback URL replayed is refused with a page', async () => {
    const used = callbacks[0];
    expect(used).toContain('code=');
    await page.goto(used ?? '');
    await expect(page.getByRole('heading', { name: 'Sign-in could not continue' })).toBeVisible();
    await expect(page.getByText('This sign-in has expired or was already used.')).toBeVisible();
  });
});

test('OpenID Connect: a verified address links to the existing user', async ({ host, demo, page }) => {
  test.slow();
  const email = uniqueEmail('oidc-link');
  await test.step('the visitor first signed up with the dev Google', async () => {
    await signUpWithDevGoogle(host, demo, page, CONFIG, email);
  });
  const existing = JSON.parse((await demo.landingResult().textContent()) ?? '{}') as {
    user?: { user_id?: string };
  };
  const linked = await signInAtStandIn(host, demo, page, email);
  expect(linked?.user_id).toBe(existing.user?.user_id);
});

test('OpenID Connect: a declined sign-in comes back to the landing page with the error', async ({
  host,
  demo,
  page,
}) => {
  await toStandInLogin(host, page);
  await page.getByRole('link', { name: '[ Cancel ]' }).click();
  await expect(page).toHaveURL(new RegExp(`^${LANDING}`));
  await expect(demo.landingStatus()).toHaveText(/^Sign-in failed: /);
});

test('a provider the project does not offer is said so in the widget and reaches onError', async ({
  host,
  page,
}) => {
  await host.open({
    config: { ...CONFIG, oauthOptions: { ...CONFIG.oauthOptions, providers: [{ type: 'discord' }] } },
  });
  await host.frame.getByRole('button', { name: 'Continue with Discord' }).click();
  const message = 'Sign-in with Discord is not set up for this app yet. Try another way to sign in.';
  await expect(host.frame.getByRole('alert').filter({ hasText: message })).toBeVisible();
  await expect.poll(() => host.errorMessages()).toContain(message);
  expect(page.url()).toMatch(new RegExp(`^${HOST_ORIGIN}`));
});
