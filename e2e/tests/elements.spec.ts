import { expect, test } from '../fixtures/test';
import { LoginScreen } from '../pages/LoginScreen';
import { AUTH_ORIGIN, HOST_ORIGIN, PUBLIC_TOKEN } from '../support/env';

// e2e/fixtures/pages/elements.html: a <stytch-ui> with a public-token and a config attribute, and
// no script but the loader. The page (127.0.0.1) and the frame (localhost) are different origins.
const PHONE_ONLY = { products: ['otp'], otpOptions: { methods: ['sms'] } };

test('a <stytch-ui> written in HTML mounts, follows its config attribute and tears down when removed', async ({
  page,
}) => {
  const element = page.locator('stytch-ui');
  const iframe = element.locator('iframe');
  const login = new LoginScreen(page.frameLocator('stytch-ui iframe'));
  const widgetFrames = () => page.frames().filter((f) => f.url().startsWith(`${AUTH_ORIGIN}/frame/`));

  await test.step('the bare element mounts the login screen', async () => {
    await page.goto(`${HOST_ORIGIN}/fixtures/elements.html`);
    await login.expectShown();
    await expect(login.emailInput()).toBeVisible();
    await expect(iframe).toHaveCount(1);
    expect(new URL((await iframe.getAttribute('src')) ?? '').searchParams.get('public_token')).toBe(
      PUBLIC_TOKEN,
    );
  });

  await test.step('changing the config attribute updates the same frame', async () => {
    await element.evaluate((el, config) => el.setAttribute('config', JSON.stringify(config)), PHONE_ONLY);
    await expect(login.frame.getByRole('button', { name: 'Continue with text message' })).toBeVisible();
    await expect(login.emailInput()).toHaveCount(0);
    await expect(iframe).toHaveCount(1);
    expect(widgetFrames()).toHaveLength(1);
  });

  await test.step('a bad config attribute is reported like a bad mountLogin() call; the screen stays', async () => {
    const message = await element.evaluate(
      (el) =>
        new Promise<string>((resolve) => {
          el.addEventListener('stytch-error', (event) => resolve((event as CustomEvent).detail.message), {
            once: true,
          });
          el.setAttribute('config', '{"products":["sms"]}');
        }),
    );
    expect(message).toMatch(/^Latch: invalid mount option config\.products\[0\]: expected one of /);
    await expect(login.frame.getByRole('button', { name: 'Continue with text message' })).toBeVisible();
  });

  await test.step('removing the element tears the frame down', async () => {
    const removed = await element.elementHandle();
    await element.evaluate((el) => el.remove());
    await expect(iframe).toHaveCount(0);
    // The loader released the frame: the detached element no longer holds it either.
    await expect.poll(() => removed?.evaluate((el) => el.querySelectorAll('iframe').length)).toBe(0);
    await expect(page.locator('iframe')).toHaveCount(0);
    await expect.poll(() => widgetFrames().length).toBe(0);
  });
});
