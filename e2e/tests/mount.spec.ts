import { expect, test } from '../fixtures/test';
import { uniqueEmail } from '../support/devInbox';
import { strongPassword } from '../support/passwords';

const SHORT = { products: ['emailMagicLinks'] };
const PHONE_ONLY = { products: ['otp'], otpOptions: { methods: ['sms'] } };
// Without an email field, passkeys add 'or' and a 'Login with a Passkey' button under the phone form.
const PHONE_AND_PASSKEYS = { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } };

test('mountLogin with a selector that matches nothing throws an error naming the selector', async ({
  host,
}) => {
  await host.open({ manual: true });
  const message = await test.step('mount into #no-such-element', () =>
    host.mount({ selector: '#no-such-element', config: SHORT }));
  expect(message).toContain('#no-such-element');
  await expect(host.iframe).toHaveCount(0);
});

test('a taller next screen keeps its top in place while the iframe grows: the frame never scrolls', async ({
  host,
  page,
  provider,
}) => {
  // Every frame notes the furthest its document was ever scrolled.
  await page.addInitScript(() =>
    addEventListener('scroll', () => {
      Reflect.set(
        window,
        'latchFurthestScroll',
        Math.max(Number(Reflect.get(window, 'latchFurthestScroll') ?? 0), scrollY),
      );
    }),
  );
  const email = uniqueEmail('taller');
  await provider.createPasswordUser(email, strongPassword());
  await host.open({ config: { products: ['passwords'] } });
  // Log In is taller than the email screen; its password field takes focus as it appears.
  await host.login.continueWithPassword(email);
  await host.password.expectLogIn();
  await expect(host.password.field()).toBeFocused();
  expect(await host.widgetFrame().evaluate(() => Reflect.get(window, 'latchFurthestScroll') ?? 0)).toBe(0);
});

test('the iframe follows the height of its content', async ({ host }) => {
  // A 72px header wraps onto several lines at 400px: the same screen, much taller content.
  const BIG_HEADER = { typography: { headerFontSize: '72px' } };
  const fitsContent = async () => {
    await expect
      .poll(async () => Math.abs((await host.iframeHeight()) - (await host.contentHeight())))
      .toBeLessThanOrEqual(2);
  };
  await host.open({ config: SHORT });
  await host.login.expectShown();
  await fitsContent();
  const short = await host.iframeHeight();

  await test.step('mount again with a 72px header: the iframe grows', async () => {
    await host.mount({ config: SHORT, styles: BIG_HEADER });
    await expect(host.login.header).toHaveCSS('font-size', '72px');
    await expect.poll(() => host.iframeHeight()).toBeGreaterThan(short + 100);
    await fitsContent();
  });

  await test.step('mount the default theme again: the iframe shrinks back', async () => {
    await host.mount({ config: SHORT });
    await expect(host.login.header).toHaveCSS('font-size', '24px');
    await expect.poll(() => host.iframeHeight()).toBeLessThan(short + 2);
    await fitsContent();
  });
});

test('the iframe grows when a product adds a button', async ({ host }) => {
  await host.open({ config: PHONE_ONLY });
  await expect(host.frame.getByRole('button', { name: 'Continue with text message' })).toBeVisible();
  await expect(host.login.passkeyButton()).toHaveCount(0);
  const fitsContent = async () => {
    await expect
      .poll(async () => Math.abs((await host.iframeHeight()) - (await host.contentHeight())))
      .toBeLessThanOrEqual(2);
  };
  await fitsContent();
  const short = await host.iframeHeight();
  expect(short).toBeGreaterThan(100);

  await test.step('mount again with passkeys: the passkey button shows and the iframe grows', async () => {
    await host.mount({ config: PHONE_AND_PASSKEYS });
    await expect(host.login.passkeyButton()).toBeVisible();
    const button = await host.login.passkeyButton().evaluate((el) => el.getBoundingClientRect().height);
    await expect.poll(() => host.iframeHeight()).toBeGreaterThanOrEqual(short + button);
    await fitsContent();
  });
});

test("a misconfiguration shows its message and reaches the host's onError once", async ({ host }) => {
  const noMethod =
    'Error: Cannot use OTP without a method, please add email, sms or whatsapp to otpOptions.methods in the config.';
  const oneTap = "'oauthOptions.enableShadowDOM' is not supported yet and has no effect";
  const config = {
    products: ['otp', 'oauth'],
    oauthOptions: { providers: [{ type: 'google' }], enableShadowDOM: true },
  };
  await host.open({ config });
  await host.login.expectShown();
  await expect(host.frame.getByRole('alert').filter({ hasText: noMethod })).toBeVisible();
  await expect.poll(() => host.errorMessages()).toEqual([noMethod, oneTap]);

  await test.step('mount again with the same options: nothing reported twice', async () => {
    await host.mount({ config });
    await host.mount({ config: SHORT });
    await host.login.emailInput().waitFor();
    expect(await host.errorMessages()).toEqual([noMethod, oneTap]);
  });
});
