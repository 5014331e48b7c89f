import type { Page, Route } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { EmailConfirmationScreen } from '../pages/EmailConfirmationScreen';
import type { HostPage } from '../pages/HostPage';
import { axeInFrame, frameOf } from '../support/axeInFrame';
import { uniqueEmail } from '../support/devInbox';
import { differingPixels } from '../support/pixelDiff';
import { AUTH_ORIGIN, HOST_ORIGIN } from '../support/env';
import { throttleAllRenderers } from '../../scripts/bench/throttle.mjs';
import { EMAIL_CODE } from '../support/loginConfigs';
import { frameDocumentUrl } from '../support/frameUrl';

// The provider sends the login frame already drawn (server-rendered); the frame's script then
// hydrates it. These tests hold back or block that script to see the document as it arrives.

const MAGIC_LINK = { products: ['emailMagicLinks'] };
/** Set on a server-rendered form once React owns it (packages/screens `EARLY_INPUT.live`). */
const HYDRATED_FORM = 'form[data-latch-live]';

/** Holds every request to `url` (a glob) until `release()`. */
async function holdRequests(page: Page, url: string): Promise<{ release: () => void; held: () => number }> {
  const waiting: Route[] = [];
  let released = false;
  await page.route(url, async (route) => {
    if (released) return route.continue();
    waiting.push(route);
  });
  return {
    held: () => waiting.length,
    release: () => {
      released = true;
      for (const route of waiting.splice(0)) void route.continue();
    },
  };
}

/** Holds the frame build's scripts (`files`, a glob in assets/) until `release()`; the document is not held. */
const holdFrameScripts = (page: Page, files = '*.js') =>
  holdRequests(page, `${AUTH_ORIGIN}/frame/assets/${files}`);

/** The height of the frame's drawn `#root`, rounded up as the loader sizes the iframe. */
function drawnRootHeight(host: HostPage): Promise<number> {
  return host
    .widgetFrame()
    .evaluate(() => Math.ceil(document.getElementById('root')?.getBoundingClientRect().height ?? 0));
}

/** Every height the loader gives the iframe, recorded in the host page from now on. */
async function recordIframeHeights(host: HostPage): Promise<() => Promise<string[]>> {
  await host.iframe.evaluate((iframe) => {
    const seen: string[] = [];
    Object.assign(window, { latchHeightsSeen: seen });
    let last = iframe.style.height;
    new MutationObserver(() => {
      if (iframe.style.height !== last) seen.push((last = iframe.style.height));
    }).observe(iframe, {
      attributes: true,
      attributeFilter: ['style'],
    });
  });
  return () =>
    host.page.evaluate(() => (window as unknown as { latchHeightsSeen: string[] }).latchHeightsSeen);
}

/** Everything the frame logged about hydration (React's recoverable errors are logged so). */
function hydrationWarnings(page: Page): string[] {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (/hydrat/i.test(message.text())) warnings.push(message.text());
  });
  return warnings;
}

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the login screen is drawn from the frame document alone', async ({ page }) => {
    // A host page that embeds the frame by hand (magic links): there is no loader without JavaScript.
    await page.goto(`${HOST_ORIGIN}/fixtures/frame-only.html`);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
    await expect(frame.getByRole('textbox', { name: 'Email' })).toBeVisible();
    await expect(frame.getByRole('button', { name: 'Continue with email' })).toBeVisible();
    // Themed and laid out by the inline style sheet, not the browser's defaults.
    await expect(frame.locator('.latch-container')).toHaveCSS('border-top-style', 'solid');
    await expect(frame.getByRole('button', { name: 'Continue with email' })).toHaveCSS(
      'background-color',
      'rgb(25, 48, 61)',
    );
  });
});

for (const [name, config] of [
  ['a phone tab', { products: ['otp'], otpOptions: { methods: ['sms', 'email'] } }],
  ['the passkey button alone', { products: ['passkeys'] }],
] as const) {
  test(`the frame document with ${name} paints without waiting for a style sheet, and preloads only what its scripts do not load`, async ({
    page,
  }) => {
    const html = await (await page.request.get(frameDocumentUrl('login', config))).text();
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map(
      ([, href]) => href,
    );
    const scripts = [...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map(([, src]) => src);
    // The config's lazy chunk is fetched with the document: something is preloaded.
    expect(preloads.length).toBeGreaterThan(0);
    expect(preloads.filter((href) => scripts.includes(href))).toEqual([]);
    // Every rule the first screen needs is inline: a <link rel="stylesheet"> would hold the paint.
    expect(html).not.toMatch(/<link[^>]+rel="stylesheet"/);
  });
}

test('text typed and Enter pressed before hydration are kept and acted on', async ({ host, page }) => {
  const email = uniqueEmail('early');
  const scripts = await holdFrameScripts(page);
  await host.open({ config: MAGIC_LINK, waitUntil: 'domcontentloaded' });

  await test.step('the server-rendered form takes typing while the frame’s script is held', async () => {
    await expect(host.login.emailInput()).toBeVisible();
    await expect.poll(scripts.held).toBeGreaterThan(0);
    await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(0);
    await host.login.emailInput().pressSequentially(email);
    await host.login.emailInput().press('Enter');
    // Held back, not submitted natively: the frame did not navigate away.
    await expect(host.login.emailInput()).toHaveValue(email);
    await expect(host.frame.locator('form[data-latch-pending-submit]')).toHaveCount(1);
  });

  await test.step('once hydrated, the widget sends the link to the typed address', async () => {
    scripts.release();
    await new EmailConfirmationScreen(host.frame).expectSentTo(email);
  });
});

test.describe('on a slow CPU', () => {
  // Throttling every renderer (the frame's own process included) and holding the frame's scripts
  // at the network makes "before hydration" certain, however fast or loaded the machine is.
  test.slow();

  test('at 4× CPU, typing and Enter twice at the first painted frame send one passcode to the typed address', async ({
    host,
    inbox,
    page,
    context,
  }) => {
    const email = uniqueEmail('early-4x');
    const throttle = await throttleAllRenderers(context, page, 4);
    const scripts = await holdFrameScripts(page);
    await host.open({ config: EMAIL_CODE, waitUntil: 'commit' });

    await test.step('typed into the drawn form while the frame’s script is held', async () => {
      await expect(host.login.emailInput()).toBeVisible();
      expect(throttle.throttledChildren()).toContain('iframe');
      await expect.poll(scripts.held).toBeGreaterThan(0);
      await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(0);
      await host.login.emailInput().pressSequentially(email);
      await host.login.emailInput().press('Enter');
      await host.login.emailInput().press('Enter');
      await expect(host.login.emailInput()).toHaveValue(email);
      await expect(host.frame.locator('form[data-latch-pending-submit]')).toHaveCount(1);
    });

    await test.step('once hydrated, one passcode goes to the typed address and signs in', async () => {
      scripts.release();
      await host.passcode.expectShown();
      const [message] = await inbox.waitForCount(email, 1);
      await host.passcode.submitPasscode(message?.metadata.code ?? '');
      await host.passcode.expectVerified();
      // Enter pressed twice before hydration was acted on once: still one message, now signed in.
      expect(await inbox.messagesTo(email)).toHaveLength(1);
    });
    expect(throttle.errors()).toEqual([]);
  });

  test('at 6× CPU with every provider response delayed, the field shows and takes input', async ({
    host,
    page,
    context,
  }) => {
    const throttle = await throttleAllRenderers(context, page, 6);
    let delayed = 0;
    await page.route(`${AUTH_ORIGIN}/**`, async (route) => {
      delayed += 1;
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    });
    await host.open({ config: EMAIL_CODE, waitUntil: 'commit' });
    await expect(host.login.emailInput()).toBeVisible({ timeout: 30_000 });
    await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(1, { timeout: 30_000 });
    await host.login.emailInput().fill('not-an-address');
    await host.frame.getByRole('button', { name: 'Continue with email' }).click();
    await expect(host.frame.getByText('Invalid email address.').first()).toBeVisible();
    expect(delayed).toBeGreaterThan(1);
    expect(throttle.errors()).toEqual([]);
  });
});

test('text typed before hydration stays in the field and in the widget’s state', async ({ host, page }) => {
  const warnings = hydrationWarnings(page);
  const scripts = await holdFrameScripts(page);
  await host.open({ config: EMAIL_CODE, waitUntil: 'domcontentloaded' });
  await expect(host.login.emailInput()).toBeVisible();
  await host.login.emailInput().pressSequentially('not-an-address');
  scripts.release();
  await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(1);
  await expect(host.login.emailInput()).toHaveValue('not-an-address');
  // The widget validates what was typed before it hydrated: it is in its state, not only the DOM.
  await host.frame.getByRole('button', { name: 'Continue with email' }).click();
  await expect(host.login.emailInput()).toHaveAttribute('aria-invalid', 'true');
  await expect(host.frame.getByText('Invalid email address.').first()).toBeVisible();
  expect(warnings).toEqual([]);
});

test('keyboard only after hydration: Tab, type, Enter, code, signed in', async ({ host, inbox, page }) => {
  const email = uniqueEmail('ssr-keyboard');
  const warnings = hydrationWarnings(page);
  await host.open({ config: EMAIL_CODE });
  await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(1);
  await page.keyboard.press('Tab');
  await expect(host.login.emailInput()).toBeFocused();
  await page.keyboard.type(email);
  await page.keyboard.press('Enter');
  await host.passcode.expectShown();
  await page.keyboard.type(await inbox.latestCode(email));
  await host.passcode.expectVerified();
  await expect(host.sessionState).toHaveText(/^signed in as /);
  expect(warnings).toEqual([]);
});

test('axe finds nothing in the frame before and after hydration', async ({ host, page }) => {
  const scripts = await holdFrameScripts(page);
  await host.open({
    config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } },
    waitUntil: 'domcontentloaded',
  });
  await expect(host.frame.getByRole('tab', { name: 'Email' })).toBeVisible();
  const judge = async () => {
    const results = await axeInFrame(await frameOf(page, 'iframe'));
    expect(results.passes.length, 'axe judged the frame').toBeGreaterThan(0);
    return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  };
  expect(await judge(), 'server-rendered').toEqual([]);
  scripts.release();
  await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(1);
  expect(await judge(), 'hydrated').toEqual([]);
});

test('hydration leaves the drawn screen exactly as it was', async ({ host, page }) => {
  const warnings = hydrationWarnings(page);
  const scripts = await holdFrameScripts(page);
  await host.open({
    config: MAGIC_LINK,
    styles: { colors: { primary: '#224466' } },
    waitUntil: 'domcontentloaded',
  });
  await expect(host.login.emailInput()).toBeVisible();
  // The drawn document tells the host page its height before any of the frame's scripts runs:
  // compare the whole iframe, in the host page's own pixels.
  const drawnHeight = await drawnRootHeight(host);
  await expect.poll(() => host.iframeHeight()).toBe(drawnHeight);
  const box = await host.iframe.boundingBox();
  if (!box) throw new Error('the iframe has no box');
  const clip = { x: box.x, y: box.y, width: box.width, height: box.height };
  const before = await page.screenshot({ clip });
  scripts.release();
  await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(1);
  expect(await host.iframeHeight(), 'the channel reports the same height').toBe(drawnHeight);
  const after = await page.screenshot({ clip });
  const scratch = await page.context().newPage();
  expect(await differingPixels(scratch, before, after), 'pixels changed by hydration').toBe(0);
  await scratch.close();
  expect(warnings).toEqual([]);
});

test('the iframe takes the drawn screen’s height before the frame’s scripts run', async ({ host, page }) => {
  const loaderConsole: string[] = [];
  page.on('console', (message) => {
    if (message.location().url.startsWith(`${AUTH_ORIGIN}/loader`)) loaderConsole.push(message.text());
  });
  const scripts = await holdFrameScripts(page);
  await host.open({ config: EMAIL_CODE, waitUntil: 'domcontentloaded' });
  await expect(host.login.emailInput()).toBeVisible();
  const drawnHeight = await drawnRootHeight(host);
  expect(drawnHeight, 'the drawn card is taller than the default iframe').toBeGreaterThan(150);
  await expect.poll(() => host.iframeHeight()).toBe(drawnHeight);
  expect(scripts.held(), 'the frame’s scripts are still held').toBeGreaterThan(0);
  await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(0);
  scripts.release();
  await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(1);
  expect(await host.iframeHeight()).toBe(drawnHeight);
  expect(loaderConsole, 'the loader printed nothing in the host page’s console').toEqual([]);
});

test('the iframe follows the drawn screen when the host page narrows it before the frame’s scripts run', async ({
  host,
}) => {
  await holdFrameScripts(host.page);
  await host.open({ config: EMAIL_CODE, waitUntil: 'domcontentloaded' });
  await expect(host.login.emailInput()).toBeVisible();
  const wideHeight = await drawnRootHeight(host);
  await expect.poll(() => host.iframeHeight()).toBe(wideHeight);
  // A host page whose layout settles late: the widget's column becomes narrow, the drawn card wraps.
  await host.iframe.evaluate((iframe) => iframe.style.setProperty('max-width', '160px'));
  await expect.poll(() => drawnRootHeight(host)).toBeGreaterThan(wideHeight);
  const narrowHeight = await drawnRootHeight(host);
  await expect.poll(() => host.iframeHeight()).toBe(narrowHeight);
  await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(0);
});

test('a frame whose scripts arrive a minute late still connects, and stays shown meanwhile', async ({
  host,
  page,
}) => {
  // A slow network: the drawn document is there, its scripts are not. No wait of the loader's may
  // give up on the frame then (a fixed handshake timeout hid the drawn screen and reported an error).
  await page.clock.install();
  const scripts = await holdFrameScripts(page);
  await host.open({ config: EMAIL_CODE, waitUntil: 'domcontentloaded' });
  await expect(host.login.emailInput()).toBeVisible();
  const drawnHeight = await drawnRootHeight(host);
  await expect.poll(() => host.iframeHeight()).toBe(drawnHeight);
  await page.clock.fastForward('01:00');
  await expect(host.login.emailInput()).toBeVisible();
  expect(await host.iframeHeight()).toBe(drawnHeight);
  scripts.release();
  await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(1);
  await host.login.emailInput().fill(uniqueEmail('late'));
  await expect(host.login.emailInput()).toBeVisible();
  expect((await host.recorded()).errors).toEqual([]);
});

test('a drawn frame whose channel comes seconds after it loaded is not reported as refused', async ({
  host,
  page,
}) => {
  // The frame opens its channel once the drawn screen is hydrated, after its document's `load`:
  // the loader's short wait after `load` (meant for a refused frame, which never draws) must not
  // report and hide a drawn frame whose channel chunk is slow to come.
  await page.clock.install();
  const channel = await holdFrameScripts(page, 'hostChannel-*.js');
  await host.open({ config: EMAIL_CODE });
  await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(1);
  await expect.poll(() => channel.held()).toBe(1);
  await page.clock.fastForward(5000);
  await expect(host.iframe).toBeVisible();
  expect((await host.recorded()).errors).toEqual([]);
  channel.release();
  await host.login.requestEmailCode(uniqueEmail('slow-channel'));
  await expect
    .poll(async () => (await host.recorded()).events.map((e) => e.type))
    .toContain('OTP_LOGIN_OR_CREATE');
  expect((await host.recorded()).errors).toEqual([]);
});

test('a drawn frame whose channel is slow is sized and stays shown, and is reported once after the long wait', async ({
  host,
  page,
}) => {
  // The host page's half of the channel (loader-channel.js) is held: loader.js alone hears the drawn
  // height, so the frame is sized, and gets the long wait after `load` (the provider serves this page:
  // slow, not refused). Drawn, it stays shown when reported: its form keeps what is typed.
  let bootstrapCalls = 0;
  page.on('request', (request) => {
    if (request.url().startsWith(`${AUTH_ORIGIN}/sdk/v1/projects/bootstrap/`)) bootstrapCalls++;
  });
  const channel = await holdRequests(page, `${AUTH_ORIGIN}/loader-channel.js`);
  await page.clock.install();
  await host.open({ config: EMAIL_CODE });
  const drawnHeight = await drawnRootHeight(host);
  await expect.poll(() => host.iframeHeight()).toBe(drawnHeight);
  await page.clock.fastForward(9000);
  expect(bootstrapCalls).toBe(0);
  expect(await host.errorMessages()).toEqual([]);

  await expect
    .poll(async () => {
      await page.clock.fastForward(1000);
      return host.errorMessages();
    })
    .toEqual([`The Latch widget could not connect to ${AUTH_ORIGIN}.`]);
  expect(bootstrapCalls).toBe(1);
  await expect(host.iframe).toBeVisible();
  await expect(host.login.emailInput()).toBeVisible();

  // Usable once it answers.
  await page.clock.resume();
  channel.release();
  await host.login.requestEmailCode(uniqueEmail('late-channel'));
  await expect
    .poll(async () => (await host.recorded()).events.map((e) => e.type))
    .toContain('OTP_LOGIN_OR_CREATE');
  expect(await host.errorMessages()).toHaveLength(1);
});

test('the early height is taken only from the widget’s own frame', async ({ host, page }) => {
  const scripts = await holdFrameScripts(page);
  await host.open({ config: EMAIL_CODE, waitUntil: 'domcontentloaded' });
  await expect(host.login.emailInput()).toBeVisible();
  const drawnHeight = await drawnRootHeight(host);
  await expect.poll(() => host.iframeHeight()).toBe(drawnHeight);
  const heights = await recordIframeHeights(host);
  // Held before another iframe joins the page (the host page object's locators expect one).
  const widgetIframe = await host.iframe.elementHandle();
  const widgetFrame = await widgetIframe.contentFrame();
  if (!widgetFrame) throw new Error('the widget iframe has no frame');

  await test.step('a message of the right shape from the host page itself is ignored', async () => {
    await page.evaluate(() =>
      window.postMessage({ type: 'latch:early-height', height: 999 }, location.origin),
    );
  });
  await test.step('so is one from another frame of the auth origin, not mounted by the loader', async () => {
    // The same frame document embedded by hand: its own early-height script posts to this page too.
    await widgetIframe.evaluate((el) => {
      if (!(el instanceof HTMLIFrameElement)) throw new Error('not an iframe');
      const stranger = document.createElement('iframe');
      stranger.name = 'stranger';
      stranger.src = el.src;
      stranger.style.height = '40px';
      document.body.append(stranger);
    });
    await expect.poll(() => page.frame({ name: 'stranger' })?.url()).toBe(widgetFrame.url());
    const stranger = page.frame({ name: 'stranger' });
    if (!stranger) throw new Error('the stranger frame is not there');
    await stranger.waitForFunction(() => document.getElementById('root')?.firstElementChild != null);
    await stranger.evaluate(
      (origin) => parent.postMessage({ type: 'latch:early-height', height: 999 }, origin),
      HOST_ORIGIN,
    );
  });
  await test.step('the widget’s own frame is still heard after them', async () => {
    // Taller: its early-height script reports the new height after the messages above.
    await widgetFrame.evaluate(() => {
      const spacer = document.createElement('div');
      spacer.style.height = '37px';
      document.getElementById('root')?.append(spacer);
    });
    await expect
      .poll(() => widgetIframe.evaluate((el) => el.getBoundingClientRect().height))
      .toBe(drawnHeight + 37);
  });
  expect(await heights()).toEqual([`${drawnHeight + 37}px`]);
  scripts.release();
});

test('a [light, dark] pair paints the visitor’s scheme before hydration and keeps it after', async ({
  host,
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const scripts = await holdFrameScripts(page);
  await host.open({
    config: MAGIC_LINK,
    styles: [{ container: { backgroundColor: '#FFFFFF' } }, { container: { backgroundColor: '#101820' } }],
    waitUntil: 'domcontentloaded',
  });
  const container = host.login.container();
  await expect(container).toHaveCSS('background-color', 'rgb(16, 24, 32)');
  scripts.release();
  await expect(host.frame.locator(HYDRATED_FORM)).toHaveCount(1);
  await expect(container).toHaveCSS('background-color', 'rgb(16, 24, 32)');
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(container).toHaveCSS('background-color', 'rgb(255, 255, 255)');
});
