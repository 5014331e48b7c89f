import type { Locator } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { uniqueEmail } from '../support/devInbox';
import type { MountOptions } from '../support/hostRecorder';
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
  container: { backgroundColor: '#101820', borderColor: '#5C727D' },
  colors: { primary: '#E6EEF2' },
  inputs: { textColor: '#E6EEF2', borderColor: '#ADBCC5' },
};

test('a [light, dark] pair follows prefers-color-scheme', async ({ host, page }) => {
  const frameScheme = () =>
    host.widgetFrame().evaluate(() => getComputedStyle(document.documentElement).colorScheme);
  await test.step('light preference: the light object, a light document', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await host.open({ styles: [LIGHT, DARK] });
    await host.login.expectShown();
    await expect
      .poll(async () => (await paint(host.login.container())).background)
      .toBe('rgb(255, 255, 255)');
    expect(await frameScheme()).toBe('light');
  });
  await test.step('dark preference: the dark object, a dark document, live', async () => {
    await page.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(async () => (await paint(host.login.container())).background).toBe('rgb(16, 24, 32)');
    expect(await frameScheme()).toBe('dark');
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
 * Records, inside the frame, when each toast appears and when it starts leaving, on the frame's
 * own clock. react-toastify times `autoClose` with a CSS animation, which Playwright's fake clock
 * does not drive, so the lifetimes are measured in real time where they happen.
 */
const recordToasts = (body: Locator) =>
  body.evaluate((root) => {
    const log: { text: string; shownAt: number; leavingAt: number | null }[] = [];
    let most = 0;
    const seen = new Map<Element, (typeof log)[number]>();
    const publish = () => root.setAttribute('data-e2e-toasts', JSON.stringify({ log, most }));
    new MutationObserver(() => {
      const now = performance.now();
      const toasts = [...root.querySelectorAll('.Toastify__toast')];
      most = Math.max(most, toasts.filter((t) => !/-exit/.test(t.className)).length);
      for (const toast of toasts) {
        let entry = seen.get(toast);
        if (!entry)
          seen.set(toast, (entry = { text: toast.textContent ?? '', shownAt: now, leavingAt: null }));
        if (entry.leavingAt === null && /-exit/.test(toast.className)) entry.leavingAt = now;
        if (!log.includes(entry)) log.push(entry);
      }
      publish();
    }).observe(root, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
    publish();
  });

interface ToastLog {
  log: { text: string; shownAt: number; leavingAt: number | null }[];
  most: number;
}

test("'Email resent' toasts show, stack, and leave after 2 s", async ({ host, page, provider }) => {
  const email = uniqueEmail('toast');
  await provider.createPasswordUser(email, strongPassword());
  await host.open({ config: PASSWORDS });
  await host.login.continueWithPassword(email);
  await host.password.expectLogIn();
  await host.password.forgotPassword();
  await host.password.expectResetEmailSent(email);
  const body = host.frame.locator('body');
  await recordToasts(body);
  // react-toastify pauses a toast under the pointer: keep the pointer off the frame, use the keyboard.
  await page.mouse.move(0, 0);
  const resend = () => host.frame.getByRole('button', { name: 'Resend email' }).press('Enter');
  const toasts = host.frame.locator('.Toastify__toast');
  const readLog = async (): Promise<ToastLog> =>
    JSON.parse((await body.getAttribute('data-e2e-toasts')) ?? '{}') as ToastLog;

  await test.step("'Resend email' shows a green 'Email resent' toast at the top centre", async () => {
    await resend();
    await expect(toasts.filter({ hasText: 'Email resent' })).toBeVisible();
    const { background, box, frameWidth } = await toasts.first().evaluate((el) => ({
      background: getComputedStyle(el).backgroundColor,
      box: el.getBoundingClientRect().toJSON() as DOMRect,
      frameWidth: document.documentElement.clientWidth,
    }));
    expect(background).toBe('rgb(30, 123, 52)');
    expect(Math.abs(box.x + box.width / 2 - frameWidth / 2)).toBeLessThanOrEqual(2);
  });

  await test.step('two more resends stack on the first', async () => {
    for (const total of [2, 3]) {
      await resend();
      await expect.poll(async () => (await readLog()).log.length).toBe(total);
    }
    expect((await readLog()).most).toBeGreaterThanOrEqual(2);
  });

  await test.step('each leaves about 2 s after it showed, then is removed', async () => {
    await expect(toasts).toHaveCount(0, { timeout: 15_000 });
    const { log } = await readLog();
    expect(log.map((t) => t.text)).toEqual(['Email resent', 'Email resent', 'Email resent']);
    for (const toast of log) {
      expect(toast.leavingAt).not.toBeNull();
      const lifetime = (toast.leavingAt ?? 0) - toast.shownAt;
      expect(lifetime, `lifetime ${lifetime} ms`).toBeGreaterThanOrEqual(1950);
      expect(lifetime, `lifetime ${lifetime} ms`).toBeLessThan(3500);
    }
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
