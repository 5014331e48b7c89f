import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { uniqueEmail } from '../support/devInbox';
import type { MountOptions } from '../support/hostRecorder';
import type { HostPage } from '../pages/HostPage';
import type { ProviderApi } from '../support/backend';
import { EMAIL_CODE, PASSWORDS } from '../support/loginConfigs';
import { strongPassword } from '../support/passwords';

/** The computed colours and radii of one element, as the visitor's browser paints them. */
const paint = (locator: Locator) =>
  locator.evaluate((el) => {
    const style = getComputedStyle(el);
    return {
      background: style.backgroundColor,
      border: style.borderTopColor,
      radius: style.borderTopLeftRadius,
      text: style.color,
    };
  });

const CUSTOM_THEME = {
  container: { backgroundColor: '#FFF8E7', borderColor: '#AA5500', borderRadius: '16px' },
  buttons: {
    primary: {
      backgroundColor: '#0B3D91',
      textColor: '#FFFF00',
      borderColor: '#112233',
      borderRadius: '12px',
    },
  },
  inputs: { backgroundColor: '#F0F4FF', textColor: '#003300', borderColor: '#445566', borderRadius: '10px' },
};

test('a custom theme colours and rounds the container, the button and the input', async ({ host }) => {
  await host.open({ styles: CUSTOM_THEME });
  await host.login.expectShown();
  const button = host.frame.getByRole('button', { name: 'Continue with email' });
  await host.login.emailInput().fill(uniqueEmail('theme'));
  await expect(button).toBeEnabled();

  await test.step('the container', async () => {
    expect(await paint(host.login.container())).toMatchObject({
      background: 'rgb(255, 248, 231)',
      border: 'rgb(170, 85, 0)',
      radius: '16px',
    });
  });
  await test.step('the primary button', async () => {
    expect(await paint(button)).toEqual({
      background: 'rgb(11, 61, 145)',
      border: 'rgb(17, 34, 51)',
      radius: '12px',
      text: 'rgb(255, 255, 0)',
    });
  });
  await test.step('the email input', async () => {
    expect(await paint(host.login.emailInput())).toEqual({
      background: 'rgb(240, 244, 255)',
      border: 'rgb(68, 85, 102)',
      radius: '10px',
      text: 'rgb(0, 51, 0)',
    });
  });
});

test('an invalid theme value is refused through onError and the default is kept', async ({ host }) => {
  await host.open({
    styles: {
      colors: { primary: 'url(javascript:alert(1))' },
      buttons: { primary: { backgroundColor: 'red; background: blue' } },
      container: { borderRadius: '20px' },
    },
  });
  await host.login.expectShown();

  await test.step('onError names each refused value', async () => {
    await expect
      .poll(async () =>
        (await host.errorMessages()).filter((m) => m.startsWith('Ignored style value')).sort(),
      )
      .toEqual([
        'Ignored style value buttons.primary.backgroundColor: red; background: blue',
        'Ignored style value colors.primary: url(javascript:alert(1))',
      ]);
  });
  await test.step('the defaults stay; the valid value next to them applies', async () => {
    const root = host.frame.locator('.latch-root');
    const vars = await root.evaluate((el) => {
      const style = getComputedStyle(el);
      return {
        primary: style.getPropertyValue('--latch-primary').trim(),
        button: style.getPropertyValue('--latch-button-primary-background').trim(),
      };
    });
    expect(vars).toEqual({ primary: '#19303D', button: '#19303D' });
    const button = host.frame.getByRole('button', { name: 'Continue with email' });
    expect((await paint(button)).background).toBe('rgb(25, 48, 61)');
    expect((await paint(host.login.container())).radius).toBe('20px');
  });
});

const LIGHT = { container: { backgroundColor: '#FFFFFF' } };
const DARK = {
  container: { backgroundColor: '#101820', borderColor: '#5C727D', width: '480px' },
  colors: { primary: '#E6EEF2' },
  inputs: { textColor: '#E6EEF2', borderColor: '#ADBCC5' },
};

test('a [light, dark] pair follows prefers-color-scheme', async ({ host, page }) => {
  const frameScheme = () =>
    host.widgetFrame().evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  const iframeWidth = () => host.iframe.evaluate((el) => el.getBoundingClientRect().width);
  await test.step('light preference: the light object, a light document', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await host.open({ styles: [LIGHT, DARK] });
    await host.login.expectShown();
    await expect
      .poll(async () => (await paint(host.login.container())).background)
      .toBe('rgb(255, 255, 255)');
    expect(await frameScheme()).toBe('light');
    expect(await iframeWidth()).toBe(400);
  });
  await test.step('dark preference: the dark object, a dark document, live', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => (await paint(host.login.container())).background).toBe('rgb(16, 24, 32)');
    expect(await frameScheme()).toBe('dark');
    await expect.poll(iframeWidth).toBe(480); // the dark half's own container width
  });
  await test.step('a dark preference at load time gives dark from the start', async () => {
    await host.open({ styles: [LIGHT, DARK] });
    await host.login.expectShown();
    await expect.poll(async () => (await paint(host.login.container())).background).toBe('rgb(16, 24, 32)');
    expect(await frameScheme()).toBe('dark');
  });
});

test('a single styles object stays light when the visitor prefers dark', async ({ host, page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await host.open({ styles: DARK });
  await host.login.expectShown();
  expect((await paint(host.login.container())).background).toBe('rgb(16, 24, 32)');
  expect(
    await host.widgetFrame().evaluate(() => getComputedStyle(document.documentElement).colorScheme),
  ).toBe('light');
});

test('a strings override replaces the text by id', async ({ host }) => {
  await host.open({ manual: true });
  const options: MountOptions & { strings: Record<string, string> } = {
    config: { products: ['emailMagicLinks'] },
    strings: { 'login.title': 'Welcome back to Orbit', 'button.continueWithEmail': 'Send my link' },
  };
  expect(await host.mount(options)).toBeNull();
  await expect(host.frame.getByRole('heading', { level: 1 })).toHaveText('Welcome back to Orbit');
  await expect(host.login.header).toHaveCount(0);
});

/**
 * A new password user's reset asked for by keyboard alone (a hovered toast would keep its timer):
 * 'Check your email'.
 */
async function toResetEmailSent(host: HostPage, provider: ProviderApi, label: string): Promise<void> {
  const email = uniqueEmail(label);
  await provider.createPasswordUser(email, strongPassword());
  await host.open({ config: PASSWORDS });
  await host.login.emailInput().fill(email);
  await host.frame.getByRole('button', { name: 'Continue with email' }).press('Enter');
  await host.password.expectLogIn();
  await host.frame.getByRole('button', { name: 'Forgot Password?' }).press('Enter');
  await host.password.expectResetEmailSent(email);
}

test("an 'Email resent' toast at the default width covers neither the back button nor the title", async ({
  host,
  provider,
}) => {
  await toResetEmailSent(host, provider, 'toast-place');

  await host.frame.getByRole('button', { name: 'Resend email' }).press('Enter');
  const toast = host.frame.locator('.Toastify__toast').filter({ hasText: 'Email resent' });
  await expect(toast).toBeVisible();
  // Measured where it rests: react-toastify drops its animation classes once it has slid in.
  await expect(toast).not.toHaveClass(/Toastify--animate/);
  const { title, back } = host.password.resetEmailSentHeader();
  const none = { x: 0, y: 0, width: 0, height: 0 };
  const toastBox = (await toast.boundingBox()) ?? none;
  const controls = [(await back.boundingBox()) ?? none, (await title.boundingBox()) ?? none];
  expect([toastBox, ...controls].every((box) => box.height > 0)).toBe(true);
  expect(await host.frame.locator('html').evaluate((el) => el.clientWidth)).toBe(400);
  for (const control of controls) {
    const apart =
      toastBox.x + toastBox.width <= control.x ||
      control.x + control.width <= toastBox.x ||
      toastBox.y + toastBox.height <= control.y ||
      control.y + control.height <= toastBox.y;
    expect(apart, `toast ${JSON.stringify(toastBox)} over ${JSON.stringify(control)}`).toBe(true);
  }
  // The back button still takes the pointer: nothing lies over it.
  await back.click({ trial: true });
});

test("'Email resent' toasts: green at the bottom centre, stack to 20, leave after 2 s of page time", async ({
  host,
  page,
  provider,
}) => {
  test.slow(); // 22 resends, each a round trip through the provider.
  await test.step('install a fake clock before the host and its frame load', () => page.clock.install());
  // Keyboard only, from the start: hovering the toasts holds their timers, and a pointer that once
  // clicked inside the cross-origin frame can stay "over" it for the frame even after it moved away
  // (seen under load: the toasts stacked over the last click and counted as hovered).
  await toResetEmailSent(host, provider, 'toast');

  let resends = 0;
  page.on('response', (response) => {
    if (response.url().endsWith('/passwords/email/reset/start') && response.ok()) resends += 1;
  });
  const sentBefore = 1; // the 'Forgot Password?' click sent the first one
  // Resolves once the provider has answered the resend, so the count below is up to date at once.
  const resend = async () => {
    const answered = page.waitForResponse((response) =>
      response.url().endsWith('/passwords/email/reset/start'),
    );
    await host.frame.getByRole('button', { name: 'Resend email' }).press('Enter');
    await answered;
  };
  const toasts = host.frame.locator('.Toastify__toast');
  const staying = toasts.and(host.frame.locator(':not([class*="-exit"])'));
  const leaving = host.frame.locator('.Toastify__toast[class*="-exit"]');

  await test.step("'Resend email' shows a green 'Email resent' toast at the bottom centre", async () => {
    await resend();
    await expect(toasts.filter({ hasText: 'Email resent' })).toBeVisible();
    // Measured where it rests: react-toastify drops its animation classes once it has slid in.
    await expect(toasts.first()).not.toHaveClass(/Toastify--animate/);
    const { background, box, frameWidth, frameHeight } = await toasts.first().evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      box: el.getBoundingClientRect().toJSON() as DOMRect,
      frameWidth: document.documentElement.clientWidth,
      frameHeight: document.documentElement.clientHeight,
    }));
    expect(background).toBe('rgb(30, 123, 52)');
    expect(Math.abs(box.x + box.width / 2 - frameWidth / 2)).toBeLessThanOrEqual(2);
    // 8 px above the frame's bottom edge, inside it.
    expect(Math.abs(frameHeight - (box.y + box.height) - 8)).toBeLessThanOrEqual(2);
    await expect(toasts).toHaveCount(0);
  });

  await test.step('freeze page time: from here on no toast leaves before we say', async () => {
    const pageNow = await host.frame.locator('body').evaluate(() => Date.now());
    await page.clock.pauseAt(pageNow + 1000);
  });

  await test.step('21 more resends: 20 toasts stack, the 21st waits its turn', async () => {
    for (let shown = 1; shown <= 21; shown += 1) {
      await expect(host.frame.getByRole('button', { name: 'Resend email' })).not.toHaveAttribute(
        'aria-disabled',
        'true',
      );
      await resend();
      await expect.poll(() => resends).toBe(shown + 1);
      await expect(staying).toHaveCount(Math.min(shown, 20));
    }
    await expect(host.frame.getByRole('button', { name: 'Resend email' })).not.toHaveAttribute(
      'aria-disabled',
      'true',
    );
    await expect(staying).toHaveCount(20);
    expect(resends + sentBefore).toBe(23);
  });

  await test.step('1999 ms later all 20 are still there; 1 ms more and they leave', async () => {
    await page.clock.runFor(1999);
    await expect(staying).toHaveCount(20);
    await expect(leaving).toHaveCount(0);
    await page.clock.runFor(1);
    await expect(leaving).toHaveCount(20);
  });

  await test.step('the waiting toast moves up once they are gone, and leaves 2 s after it showed', async () => {
    await page.clock.resume();
    await expect(staying).toHaveCount(1);
    await expect(toasts).toHaveCount(0, { timeout: 10_000 });
  });
});

test('keyboard only: an email passcode sign-in from Tab to Success', async ({ host, inbox, page }) => {
  const email = uniqueEmail('keyboard');
  await host.open({ config: EMAIL_CODE });
  await host.login.expectShown();

  await test.step('Tab from the host page lands in the email field inside the frame', async () => {
    await page.keyboard.press('Tab');
    await expect(host.login.emailInput()).toBeFocused();
  });
  await test.step('type the email and press Enter', async () => {
    await page.keyboard.type(email);
    await page.keyboard.press('Enter');
    await host.passcode.expectShown();
  });
  await test.step('the first digit box has focus; typing the code signs in', async () => {
    const code = await inbox.latestCode(email);
    await expect(host.frame.getByRole('textbox', { name: 'Digit 1 of 6' })).toBeFocused();
    await page.keyboard.type(code);
    await host.passcode.expectVerified();
    await expect(host.sessionState).toHaveText(/^signed in as /);
  });
});

test('a toast moves neither the card nor the host page: it lies over the card inside the frame', async ({
  host,
  provider,
}) => {
  await toResetEmailSent(host, provider, 'toast-still');
  // The iframe has grown to its screen before anything is watched.
  await expect
    .poll(async () => Math.abs((await host.iframeHeight()) - (await host.contentHeight())))
    .toBeLessThan(1);

  await test.step('watch, every animation frame, the card in the frame and the iframe in the page', async () => {
    await host.widgetFrame().evaluate(() => {
      const card = document.querySelector('.latch-container');
      const seen = new Set<string>();
      Reflect.set(window, 'latchCardBoxes', seen);
      const tick = () => {
        const box = card?.getBoundingClientRect();
        if (box) seen.add(`${Math.round(box.top)},${Math.round(box.height)}`);
        requestAnimationFrame(tick);
      };
      tick();
    });
    await host.iframe.evaluate((iframe) => {
      const seen = new Set<number>();
      Reflect.set(window, 'latchIframeHeights', seen);
      const tick = () => {
        seen.add(Math.round(iframe.getBoundingClientRect().height));
        requestAnimationFrame(tick);
      };
      tick();
    });
  });

  const toast = host.frame.locator('.Toastify__toast').filter({ hasText: 'Email resent' });
  await test.step("'Resend email': the toast comes, its Close centred on its text, and goes", async () => {
    await host.frame.getByRole('button', { name: 'Resend email' }).press('Enter');
    await expect(toast).toBeVisible();
    // Measured once it has slid in, in one frame.
    const { text, close, top } = await toast.evaluate(async (el) => {
      await Promise.all(el.getAnimations({ subtree: true }).map((animation) => animation.finished));
      const middle = (box: DOMRect | undefined) => (box ? box.top + box.height / 2 : -1);
      // The words themselves, whatever element holds them.
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      let words: DOMRect | undefined;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (node.textContent?.trim() !== 'Email resent') continue;
        range.selectNodeContents(node);
        words = range.getBoundingClientRect();
      }
      return {
        text: middle(words),
        close: middle(el.querySelector('.Toastify__close-button')?.getBoundingClientRect()),
        top: el.getBoundingClientRect().top,
      };
    });
    expect(text).toBeGreaterThan(0);
    expect(Math.abs(text - close)).toBeLessThanOrEqual(2);
    expect(top).toBeGreaterThan(0);
    await expect(toast).toHaveCount(0, { timeout: 10_000 });
  });

  await test.step('the card kept its place and size, and the iframe its height, throughout', async () => {
    const cardBoxes = await host
      .widgetFrame()
      .evaluate(() => [...(Reflect.get(window, 'latchCardBoxes') as Set<string>)]);
    const iframeHeights = await host.iframe.evaluate(() => [
      ...(Reflect.get(window, 'latchIframeHeights') as Set<number>),
    ]);
    expect(cardBoxes).toHaveLength(1);
    expect(iframeHeights).toHaveLength(1);
  });
});

// 95 characters and no hyphen to break at: the card wraps it instead of clipping it or scrolling.
const LONG_ADDRESS =
  'maximilian.alexander.featherstonehaughsmythes@accountspayable.northernhemisphere.example.com.au';

test('a 95-character address wraps inside the card on Check your email and Enter passcode', async ({
  host,
}) => {
  expect(LONG_ADDRESS).toHaveLength(95);
  const noSidewaysScroll = () =>
    host.widgetFrame().evaluate(() => {
      const doc = document.documentElement;
      const card = document.querySelector('.latch-container')?.getBoundingClientRect();
      const text = [...document.querySelectorAll('.latch-text')].map((p) => p.getBoundingClientRect());
      return {
        scrolls: doc.scrollWidth > doc.clientWidth,
        textInsideCard: text.every((box) => card !== undefined && box.right <= card.right + 0.5),
      };
    });

  await test.step('Check your email', async () => {
    await host.open({ config: { products: ['emailMagicLinks'] } });
    await host.login.requestMagicLink(LONG_ADDRESS);
    await expect(host.frame.getByText(`An email was sent to ${LONG_ADDRESS}.`)).toBeVisible();
    expect(await noSidewaysScroll()).toEqual({ scrolls: false, textInsideCard: true });
  });
  await test.step('Enter passcode', async () => {
    await host.open({ config: EMAIL_CODE });
    await host.login.requestEmailCode(LONG_ADDRESS);
    await host.passcode.expectShown();
    await expect(
      host.frame.getByText(`A 6-digit passcode was sent to you at ${LONG_ADDRESS}.`),
    ).toBeVisible();
    expect(await noSidewaysScroll()).toEqual({ scrolls: false, textInsideCard: true });
  });
});

test('colors.primary alone colours the primary, secondary and OAuth buttons', async ({ host }) => {
  await host.open({
    styles: { colors: { primary: '#6A1B9A' } },
    config: { products: ['oauth', 'emailMagicLinks'], oauthOptions: { providers: [{ type: 'google' }] } },
  });
  await host.login.expectShown();
  const purple = 'rgb(106, 27, 154)';
  const oauth = host.frame.getByRole('button', { name: 'Continue with Google' });
  expect(await paint(oauth)).toMatchObject({
    border: purple,
    text: purple,
    background: 'rgb(255, 255, 255)',
  });
  const primary = host.frame.getByRole('button', { name: 'Continue with email' });
  expect(await paint(primary)).toMatchObject({
    border: purple,
    background: purple,
    text: 'rgb(255, 255, 255)',
  });
});

test("'Sending code...' reads as a status, not as the link 'Resend code' is", async ({ host, page }) => {
  await host.open({ config: EMAIL_CODE });
  await host.login.requestEmailCode(uniqueEmail('sending'));
  await host.passcode.expectShown();
  const look = (name: string) =>
    host.frame.getByRole('button', { name }).evaluate((el) => {
      const style = getComputedStyle(el);
      return { underline: style.textDecorationLine, weight: style.fontWeight, cursor: style.cursor };
    });
  expect(await look('Resend code')).toEqual({ underline: 'underline', weight: '600', cursor: 'pointer' });
  // The resend held at the network, so its in-between state stays on screen.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/sdk/v1/otps/email/login_or_create', async (route) => {
    await held;
    await route.continue();
  });
  await host.frame.getByRole('button', { name: 'Resend code' }).click();
  expect(await look('Sending code...')).toEqual({ underline: 'none', weight: '400', cursor: 'default' });
  release();
  expect(await look('Code sent')).toEqual({ underline: 'none', weight: '400', cursor: 'default' });
});

test('the crypto buttons and download rows all start with an icon, their labels in line', async ({
  host,
}) => {
  // No wallet in this browser: Main offers to set one up.
  await host.open({ config: { products: ['crypto', 'emailMagicLinks'] } });
  const setUp = host.frame.getByRole('button', { name: 'Set up a new crypto wallet' });
  await expect(setUp.locator('svg.latch-brand-icon path')).toHaveCount(1);
  await setUp.click();
  await expect(host.frame.getByRole('heading', { name: 'Set up a new crypto wallet' })).toBeVisible();
  const rows = host.frame.getByRole('link', { name: /^Download / });
  await expect(rows).toHaveCount(4);
  await expect(rows.locator('svg.latch-brand-icon:first-child path')).toHaveCount(4);
  const labelStarts = await rows.evaluateAll((links) =>
    links.map((a) => Math.round(a.querySelector('span')?.getBoundingClientRect().left ?? -1)),
  );
  expect(new Set(labelStarts).size).toBe(1);
  const looks = await rows.evaluateAll((links) =>
    links.map((a) => [getComputedStyle(a).textDecorationLine, getComputedStyle(a).borderTopStyle]),
  );
  expect(looks).toEqual(looks.map(() => ['none', 'solid']));
});
