import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';
import { IdentityProviderPage } from '../pages/IdentityProviderPage';
import { uniqueEmail } from '../support/devInbox';
import { EMAIL_CODE, PASSKEYS_AND_SMS, PASSWORDS } from '../support/loginConfigs';
import { strongPassword } from '../support/passwords';
import { signInThroughApi } from '../support/signIn';
import { axeInFrame, frameOf } from '../support/axeInFrame';
import { installFakeWallet } from '../support/fakeWallet';

/** Email, text and WhatsApp in tabs, with passwords: the busiest Main screen. */
const TABS_AND_PASSWORDS = {
  products: ['emailMagicLinks', 'otp', 'passwords'],
  otpOptions: { methods: ['sms', 'whatsapp'], expirationMinutes: 5 },
};
const RESET_PAGE_PATH = '/reset-password';

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * Runs axe on the whole page until its results reach into the widget's cross-origin frame: the
 * first run on a page sometimes comes back without the frame, which would pass without judging it.
 */
async function analyzeWithFrame(builder: () => AxeBuilder): Promise<AxeResults> {
  let results: AxeResults | undefined;
  await expect(async () => {
    results = await builder().analyze();
    const inFrame = [...results.passes, ...results.violations]
      .flatMap((rule) => rule.nodes)
      .filter((node) => node.target.length > 1);
    expect(inFrame.length, 'axe results from inside the frame').toBeGreaterThan(0);
  }).toPass({ timeout: 30_000 });
  if (!results) throw new Error('axe gave no results');
  return results;
}

/**
 * axe on the widget in place in its host page, as 'rule (impact): targets': the frame element
 * (`scope`) in the host page, and the document inside it.
 */
async function violations(page: Page, scope = 'iframe'): Promise<string[]> {
  const element = await axeInFrame(page.mainFrame(), scope);
  const inside = await axeInFrame(await frameOf(page, scope));
  expect(inside.passes.length, 'axe judged the frame').toBeGreaterThan(0);
  return [
    ...element.violations.map((v) => [v.id, v.impact, v.nodes.map((n) => n.target.join(' '))] as const),
    ...inside.violations.map(
      (v) => [v.id, v.impact, v.nodes.map((n) => `${scope} ${n.target.join(' ')}`)] as const,
    ),
  ].map(([id, impact, targets]) => `${id} (${impact ?? 'n/a'}): ${targets.join(', ')}`);
}

/** The widget screen has landmarks and exactly one h1, and axe finds nothing on the page. */
async function expectAccessible(page: Page, frameHeading: string): Promise<void> {
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('heading', { level: 1 })).toHaveText(frameHeading);
  await expect(frame.getByRole('main')).toHaveCount(1);
  expect(await violations(page)).toEqual([]);
}

test('Main with Email, Text and WhatsApp tabs and passwords has no axe violations', async ({ host }) => {
  await host.open({ config: TABS_AND_PASSWORDS });
  await host.login.expectShown();
  for (const name of ['Email', 'Text', 'WhatsApp']) {
    await expect(host.frame.getByRole('tab', { name })).toBeVisible();
  }
  await test.step('Email tab', () => expectAccessible(host.page, 'Sign up or log in'));
  await test.step('Text tab', async () => {
    await host.frame.getByRole('tab', { name: 'Text' }).click();
    await expect(host.frame.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
    await expectAccessible(host.page, 'Sign up or log in');
  });
});

test('Main with the passkey button has no axe violations', async ({ host }) => {
  await host.open({ config: PASSKEYS_AND_SMS });
  await expect(host.login.passkeyButton()).toBeVisible();
  await expectAccessible(host.page, 'Sign up or log in');
});

test('Check your email (magic link sent) has no axe violations', async ({ host }) => {
  const email = uniqueEmail('a11y-link');
  await host.open({ config: { products: ['emailMagicLinks'] } });
  await host.login.requestMagicLink(email);
  await expectAccessible(host.page, 'Check your email');
});

test('Enter passcode has no axe violations', async ({ host }) => {
  const email = uniqueEmail('a11y-otp');
  await host.open({ config: EMAIL_CODE });
  await host.login.requestEmailCode(email);
  await host.passcode.expectShown();
  await expect(host.frame.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
  await expectAccessible(host.page, 'Enter passcode');
});

test('Create account, Log In and Forgot password? have no axe violations', async ({ host, provider }) => {
  test.slow(); // Two flows and three axe runs.
  await test.step('Create account', async () => {
    const email = uniqueEmail('a11y-create');
    await host.open({ config: PASSWORDS });
    await host.login.continueWithPassword(email);
    await host.password.expectCreateAccount(email);
    await host.password.type(strongPassword());
    await expect(host.password.continueButton).toBeEnabled();
    await expectAccessible(host.page, 'Create account');
  });
  await test.step('Log In, then Forgot password?', async () => {
    const email = uniqueEmail('a11y-login');
    await provider.createPasswordUser(email, strongPassword());
    await host.open({ config: PASSWORDS });
    await host.login.continueWithPassword(email);
    await host.password.expectLogIn();
    await expectAccessible(host.page, 'Log In');
    await host.password.forgotPassword();
    await host.password.expectResetEmailSent(email);
    await expectAccessible(host.page, 'Forgot password?');
  });
});

test('the reset password form has no axe violations', async ({ host, provider, inbox, resetPage }) => {
  test.slow(); // Log In, the reset email, then the demo reset page.
  const email = uniqueEmail('a11y-reset');
  await provider.createPasswordUser(email, strongPassword());
  await host.open({
    config: {
      products: ['passwords'],
      passwordOptions: {
        loginRedirectURL: `${host.origin}${RESET_PAGE_PATH}`,
        resetPasswordRedirectURL: `${host.origin}${RESET_PAGE_PATH}`,
      },
    },
  });
  await host.login.continueWithPassword(email);
  await host.password.forgotPassword();
  await host.password.expectResetEmailSent(email);
  const { metadata } = await inbox.latestTo(email);
  await resetPage.openLink(metadata.url ?? '');
  await resetPage.password.expectResetForm();
  await expect(resetPage.frame.getByRole('heading', { level: 1 })).toHaveText('Reset your password');
  expect(await violations(resetPage.page, '#latch-reset iframe')).toEqual([]);
});

test('passkey registration start has no axe violations', async ({ host, provider }) => {
  await signInThroughApi(host, provider, uniqueEmail('a11y-passkey'));
  await host.open({ kind: 'passkey-registration', config: { products: ['passkeys', 'emailMagicLinks'] } });
  await expect(host.frame.getByRole('heading', { name: 'Set up a new Passkey' })).toBeVisible();
  await expectAccessible(host.page, 'Set up a new Passkey');
});

test('the identity-provider consent and logout screens have no axe violations', async ({
  host,
  provider,
}) => {
  test.slow(); // Three screens, one axe run each.
  await signInThroughApi(host, provider, uniqueEmail('a11y-idp'));
  const idp = new IdentityProviderPage(host.page);
  await idp.openAuthorize({ scope: 'openid email read:notes delete:everything' });
  await idp.expectConsent('E2E Notes wants to access your Latch e2e account');
  await test.step('consent, ungrantable box closed', () =>
    expectAccessible(host.page, 'E2E Notes wants to access your Latch e2e account'));
  await test.step('consent, ungrantable box open', async () => {
    await idp.openUngrantable();
    expect(await violations(host.page)).toEqual([]);
  });
  await test.step('logout confirmation', async () => {
    await idp.openLogout();
    await expectAccessible(host.page, 'Log out?');
  });
});

test('the crypto wallet screens have no axe violations', async ({ host }) => {
  test.slow(); // Six screens, one axe run each.
  const wallet = await installFakeWallet(host.page, { rejectSignature: true });
  await host.open({ config: { products: ['crypto'] } });
  const continueWithMetamask = host.frame.getByRole('button', { name: 'Continue with Metamask' });
  await expect(continueWithMetamask).toBeVisible();
  await test.step('Main with the wallet button', () => expectAccessible(host.page, 'Sign up or log in'));
  await continueWithMetamask.click();
  await test.step('CryptoConnect', () => expectAccessible(host.page, 'Connecting to your wallet...'));
  wallet.approveConnection();
  await test.step('CryptoSignMessage', () => expectAccessible(host.page, 'Completing signature request...'));
  wallet.approveSignature();
  await test.step('CryptoError', () => expectAccessible(host.page, 'Looks like there was an error!'));
  // Five OAuth buttons leave no room on Main: the wallet moves to the other-wallets screen.
  const providers = ['google', 'microsoft', 'apple', 'github', 'gitlab'].map((type) => ({ type }));
  await host.open({ config: { products: ['oauth', 'crypto'], oauthOptions: { providers } } });
  await host.frame.getByRole('button', { name: 'Continue with other Crypto Wallet' }).click();
  await test.step('CryptoOtherScreen', () => expectAccessible(host.page, 'Other Crypto Wallets'));
  await host.frame.getByRole('button', { name: 'Set up a new crypto wallet' }).click();
  await test.step('CryptoSetupWallet', () => expectAccessible(host.page, 'Set up a new crypto wallet'));
});

test('the crypto success screen has no axe violations', async ({ host }) => {
  const wallet = await installFakeWallet(host.page);
  wallet.approveConnection();
  wallet.approveSignature();
  await host.open({ config: { products: ['crypto'] } });
  await host.frame.getByRole('button', { name: 'Continue with Metamask' }).click();
  await expectAccessible(host.page, 'Success!');
});

test("the widget's main landmark stays unique on a host page that has its own main", async ({ host }) => {
  await host.open();
  await host.login.expectShown();
  const results = await analyzeWithFrame(() => new AxeBuilder({ page: host.page }));
  expect(results.violations.map((v) => v.id)).not.toContain('landmark-unique');
});
