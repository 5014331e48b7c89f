import type { Frame, Page, Request } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import type { HostPage } from '../pages/HostPage';
import { uniqueEmail } from '../support/devInbox';
import { AUTH_ORIGIN } from '../support/env';
import { OAUTH_LANDING, oauthConfig } from '../support/oauthConfig';
import { OIDC_STAND_IN } from '../support/oidcStandIn';

/**
 * `oauthOptions.mode: 'popup'`: the widget (auth origin, in the host page of another site) opens
 * the identity provider in a popup and signs the visitor in without the host page navigating.
 */
const LANDING = OAUTH_LANDING;
const POPUP = oauthConfig([OIDC_STAND_IN.type], { mode: 'popup' });
const REDEEM = `${AUTH_ORIGIN}/sdk/v1/oauth/authenticate`;

/** The widget's frame (on the auth origin) as a Playwright frame, to run script in it. */
function widgetFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(`${AUTH_ORIGIN}/frame/`));
  if (!frame) throw new Error('no widget frame');
  return frame;
}

/** The token of every OAuth redemption the browser sends, in order. */
function redemptions(page: Page): string[] {
  const tokens: string[] = [];
  page.context().on('request', (request: Request) => {
    if (request.url() === REDEEM && request.method() === 'POST')
      tokens.push(String((request.postDataJSON() as { token?: string }).token));
  });
  return tokens;
}

/** Opens the host page in popup mode and leaves a value in it that a navigation would lose. */
async function openWithState(host: HostPage, page: Page) {
  await host.open({ config: POPUP });
  await page.evaluate(() => {
    (window as unknown as { kept: string }).kept = 'state of the host page';
  });
  return page.url();
}

const kept = (page: Page) => page.evaluate(() => (window as unknown as { kept?: string }).kept);

test('popup mode: signs in at the OpenID Connect stand-in in a popup; the host page stays', async ({
  host,
  page,
}) => {
  test.slow(); // A third origin in a second window.
  await page.context().clearCookies();
  const tokens = redemptions(page);
  const hostUrl = await openWithState(host, page);
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    host.frame.getByRole('button', { name: `Continue with ${OIDC_STAND_IN.name}` }).click(),
  ]);
  // The result page closes the popup itself, maybe before a later wait could start.
  const closed = popup.waitForEvent('close');
  await test.step('the visitor signs in at the stand-in, in the popup', async () => {
    await popup.getByPlaceholder('Enter any login').fill(uniqueEmail('popup-oidc'));
    await popup.getByPlaceholder('and password').fill('any password');
    await popup.getByRole('button', { name: 'Sign-in' }).click();
    await popup.getByRole('button', { name: 'Continue' }).click();
    await closed;
  });
  await expect(host.frame.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await expect(host.sessionState).toHaveText(/^signed in as user-test-/);
  expect(page.url()).toBe(hostUrl);
  expect(await kept(page)).toBe('state of the host page');
  expect(await host.sessionCookieNames()).toEqual(
    expect.arrayContaining(['stytch_session', 'stytch_session_jwt']),
  );
  expect(tokens).toHaveLength(1);
  const { events } = await host.recorded();
  expect(events.map((e) => e.type)).toContain('AUTHENTICATE_FLOW_COMPLETE');
});

test('popup mode: a blocked popup falls back to the redirect, which signs in', async ({
  host,
  demo,
  page,
}) => {
  // The browser's popup blocker, as the frame sees it: window.open answers null.
  await page.addInitScript(() => {
    if (location.pathname.startsWith('/frame/')) window.open = () => null;
  });
  await host.open({ config: POPUP });
  await host.frame.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(page).toHaveURL(new RegExp(`^${AUTH_ORIGIN}/dev/oauth/google/authorize\\?`));
  const email = uniqueEmail('popup-blocked');
  await page.getByLabel('Email of your Google account').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`^${LANDING}`));
  await expect(demo.landingStatus()).toHaveText('Signed in.');
  await expect(demo.landingResult()).toContainText(email);
});

test('popup mode: results forged by the host page or another window of the auth origin are ignored', async ({
  host,
  page,
}) => {
  const tokens = redemptions(page);
  const hostUrl = await openWithState(host, page);
  const started = page
    .context()
    .waitForEvent('request', (r) => r.url().startsWith(`${AUTH_ORIGIN}/v1/public/oauth/google/start?`));
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    host.frame.getByRole('button', { name: 'Continue with Google' }).click(),
  ]);
  const closed = popup.waitForEvent('close');
  const challenge = new URL((await started).url()).searchParams.get('code_challenge');
  expect(challenge).toMatch(/^[\w-]{43}$/);
  // Shaped exactly like the real result, for this attempt: only the sender gives it away.
  const forged = {
    type: 'latch:oauth-popup-result',
    code_challenge: challenge,
    token: 'forged-token-from-elsewhere',
  };

  await test.step('the host page posts a result into the frame', async () => {
    await page.evaluate(
      ({ message, target }) => document.querySelector('iframe')?.contentWindow?.postMessage(message, target),
      { message: forged, target: AUTH_ORIGIN },
    );
  });
  await test.step('a window on the auth origin that is not the popup posts one', async () => {
    // The frame itself: the right origin, the wrong window (another tab of the auth origin has
    // no reference to the frame to post to).
    await widgetFrame(page).evaluate((message) => window.postMessage(message, location.origin), forged);
  });

  await test.step('the real popup result still signs in, and is the only one redeemed', async () => {
    await popup.getByLabel('Email of your Google account').fill(uniqueEmail('popup-forged'));
    await popup.getByRole('button', { name: 'Continue' }).click();
    await closed;
    await expect(host.frame.getByRole('heading', { name: 'Success!' })).toBeVisible();
  });
  expect(tokens).toHaveLength(1);
  expect(tokens[0]).not.toBe(forged.token);
  expect(page.url()).toBe(hostUrl);
  expect(await kept(page)).toBe('state of the host page');
});
