// The screens the gallery photographs, each reached for real through the provider where cheap.
// A flow gets helpers: `page()` (a fresh browser context), `open(page, options, query)` (mounts the
// widget on the host page and returns the frame; `query` joins the page's own URL), `shot(page, name)`,
// `inboxCode(address)`.

import { installWallets } from './wallets.mjs';
import { HOST_ORIGIN } from './servers.mjs';

const EML = {
  products: ['emailMagicLinks'],
  emailMagicLinksOptions: { loginRedirectURL: `${HOST_ORIGIN}/authenticate` },
};
const OTP_EMAIL = { products: ['otp'], otpOptions: { methods: ['email'] } };
const PASSWORDS = {
  products: ['passwords', 'emailMagicLinks'],
  emailMagicLinksOptions: EML.emailMagicLinksOptions,
  passwordOptions: {
    loginRedirectURL: `${HOST_ORIGIN}/authenticate`,
    resetPasswordRedirectURL: `${HOST_ORIGIN}/reset-password`,
  },
};
const PASSWORD = 'gallery-Correct-Horse-42';
const NEW_USER = 'new.user@example.com';
const OTP_USER = 'otp.user@example.com';
const IDP_USER = 'idp.user@example.com';
// 95 characters and no hyphen to break at: the card must wrap it, never scroll sideways.
const LONG_ADDRESS =
  'maximilian.alexander.featherstonehaughsmythes@accountspayable.northernhemisphere.example.com.au';

const button = (frame, name) => frame.getByRole('button', { name, exact: true });
const heading = (frame, name) => frame.getByRole('heading', { name, exact: true });

async function submitEmail(frame, email, name = 'Continue with email') {
  await frame.getByLabel('Email', { exact: true }).fill(email);
  await button(frame, name).click();
}

export const FLOWS = [
  async function mainScreens({ page, open, shot }) {
    const p = await page();
    let f = await open(p, { config: EML });
    await button(f, 'Continue with email').waitFor();
    await shot(p, 'main-email');
    await button(f, 'Continue with email').click();
    await f.getByText('This field is required.').first().waitFor();
    await shot(p, 'main-email-required');

    f = await open(p, {
      config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms', 'whatsapp'] } },
    });
    await f.getByRole('tab', { name: 'Text' }).click();
    await button(f, 'Continue with text message').waitFor();
    await shot(p, 'main-tabs-text-message');

    f = await open(p, { config: PASSWORDS });
    await button(f, 'Continue with email').waitFor();
    await shot(p, 'main-passwords');

    f = await open(p, { config: { products: ['otp', 'passkeys'], otpOptions: { methods: ['sms'] } } });
    await button(f, 'Login with a Passkey').waitFor();
    await shot(p, 'main-passkey-button');

    f = await open(p, {
      config: {
        products: ['oauth', 'emailMagicLinks'],
        oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] },
      },
    });
    await button(f, 'Continue with Google').waitFor();
    await shot(p, 'main-oauth');

    // A host that sets only its primary colour: the buttons and accents are made of it.
    f = await open(p, {
      styles: { colors: { primary: '#6A1B9A' } },
      config: {
        products: ['oauth', 'emailMagicLinks'],
        oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }] },
      },
    });
    await button(f, 'Continue with Google').waitFor();
    await shot(p, 'main-primary-colour-only');

    // No wallet extension in the gallery's browser: the crypto block offers to set one up.
    f = await open(p, { config: { products: ['crypto', 'emailMagicLinks'] } });
    await button(f, 'Set up a new crypto wallet').waitFor();
    await shot(p, 'main-crypto-no-wallet');
    await button(f, 'Set up a new crypto wallet').click();
    await f.getByRole('heading', { level: 1 }).waitFor();
    await shot(p, 'crypto-setup-wallet');
  },

  async function configErrors({ page, open, shot }) {
    const p = await page();
    let f = await open(p, {
      config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } },
    });
    await f.getByText('Error: Cannot use both EML and Email OTP').waitFor();
    await shot(p, 'config-error-eml-and-email-otp');
    f = await open(p, { config: { products: ['passkeys'] } });
    await f.getByText('Error: Cannot use Passkeys by itself', { exact: false }).waitFor();
    await shot(p, 'config-error-passkeys-alone');
  },

  async function magicLink({ page, open, shot }) {
    const p = await page();
    let f = await open(p, { config: EML });
    await submitEmail(f, 'magic.link@example.com');
    await heading(f, 'Check your email').waitFor();
    await shot(p, 'email-confirmation');
    f = await open(p, { config: EML });
    await submitEmail(f, LONG_ADDRESS);
    await heading(f, 'Check your email').waitFor();
    await shot(p, 'email-confirmation-long-address');
  },

  async function passcode({ page, open, shot, inboxCode }) {
    const p = await page();
    const f = await open(p, { config: OTP_EMAIL });
    await submitEmail(f, OTP_USER);
    await heading(f, 'Enter passcode').waitFor();
    await shot(p, 'otp-authenticate');
    await f.getByLabel('Digit 1 of 6').fill(await inboxCode(OTP_USER));
    await heading(f, 'Success!').waitFor();
    await shot(p, 'otp-confirmation');

    const q = await page();
    const g = await open(q, { config: OTP_EMAIL });
    await submitEmail(g, LONG_ADDRESS);
    await heading(g, 'Enter passcode').waitFor();
    await shot(q, 'otp-authenticate-long-address');
    // The resend held in flight: 'Sending code...' as the status it is, not as a link.
    let release;
    const held = new Promise((resolve) => (release = resolve));
    await q.context().route('**/sdk/v1/otps/email/login_or_create', async (route) => {
      await held;
      await route.continue();
    });
    await button(g, 'Resend code').click();
    await g.getByText('Sending code...').waitFor();
    await shot(q, 'otp-sending-code');
    release();
    await g.getByText('Code sent').waitFor();
  },

  async function crypto({ page, open, shot }) {
    const p = await page();
    await installWallets(p);
    const f = await open(p, {
      config: {
        products: ['oauth', 'crypto', 'emailMagicLinks'],
        oauthOptions: { providers: [{ type: 'google' }, { type: 'coinbase' }] },
        emailMagicLinksOptions: EML.emailMagicLinksOptions,
      },
    });
    await button(f, 'Continue with other Crypto Wallet').waitFor();
    await shot(p, 'main-crypto-wallets');
    await button(f, 'Continue with other Crypto Wallet').click();
    await heading(f, 'Other Crypto Wallets').waitFor();
    await shot(p, 'crypto-other-wallets');
    await button(f, 'Back').click();
    await button(f, 'Continue with Metamask').click();
    await heading(f, 'Success!').waitFor();
    await shot(p, 'crypto-confirmation');
  },

  async function identityProvider({ page, open, shot, inboxCode }) {
    const p = await page();
    let f = await open(p, { config: OTP_EMAIL });
    await submitEmail(f, IDP_USER);
    await f.getByLabel('Digit 1 of 6').fill(await inboxCode(IDP_USER));
    await heading(f, 'Success!').waitFor();
    // The OAuth request rides in the host page's own query string, as a client's link would put it.
    const authorize = {
      client_id: 'connected-app-test-gallery-notes',
      redirect_uri: `${HOST_ORIGIN}/third-party-app`,
      response_type: 'code',
      scope: 'openid email read:notes write:notes',
      state: 'gallery',
    };
    f = await open(p, { kind: 'identity-provider' }, authorize);
    await button(f, 'Allow').waitFor();
    await f.locator('details summary').click();
    await shot(p, 'idp-consent');
    f = await open(p, { kind: 'identity-provider' }, { client_id: authorize.client_id });
    await f
      .locator('.latch-idp p')
      .getByText('Required parameter is missing: redirect_uri', { exact: false })
      .waitFor();
    await shot(p, 'idp-missing-parameter');
    f = await open(
      p,
      { kind: 'identity-provider' },
      { client_id: authorize.client_id, post_logout_redirect_uri: authorize.redirect_uri },
    );
    await heading(f, 'Log out?').waitFor();
    await shot(p, 'idp-logout');
  },

  async function passwords({ page, open, shot }) {
    const p = await page();
    let f = await open(p, { config: PASSWORDS });
    await submitEmail(f, NEW_USER);
    await heading(f, 'Create account').waitFor();
    await f.getByLabel('Password', { exact: true }).fill('password1');
    await f.getByRole('meter').waitFor();
    await shot(p, 'password-create-weak');
    await f.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await f.getByRole('button', { name: 'Continue', exact: true, disabled: false }).waitFor();
    await shot(p, 'password-create');
    await button(f, 'Continue').click();
    await heading(f, 'Success!').waitFor();
    await shot(p, 'password-confirmation');

    // The same context now has a session: the passkey registration mount accepts it.
    f = await open(p, { kind: 'passkey-registration', config: { products: ['passkeys'] } });
    await button(f, 'Create a Passkey').waitFor();
    await shot(p, 'passkey-registration-start');
    const cdp = await p.context().newCDPSession(p);
    await cdp.send('WebAuthn.enable');
    await cdp.send('WebAuthn.addVirtualAuthenticator', {
      options: {
        protocol: 'ctap2',
        transport: 'internal',
        hasResidentKey: true,
        hasUserVerification: true,
        isUserVerified: true,
        automaticPresenceSimulation: true,
      },
    });
    await button(f, 'Create a Passkey').click();
    await heading(f, 'Passkey successfully created!').waitFor();
    await shot(p, 'passkey-registration-success');
    await f
      .getByRole('button', { name: /^Delete / })
      .first()
      .click();
    await f.getByText('Once deleted, the passkey cannot be restored.').waitFor();
    await shot(p, 'passkey-registration-deleting');
    await button(f, 'Cancel').click();
    f = await open(p, { kind: 'passkey-registration', config: { products: ['passkeys'] } });
    await button(f, 'Skip').click();
    await heading(f, 'Passkey setup skipped').waitFor();
    await shot(p, 'passkey-registration-skipped');

    const q = await page();
    f = await open(q, { config: PASSWORDS });
    await submitEmail(f, NEW_USER);
    await heading(f, 'Log In').waitFor();
    await shot(q, 'password-login');
    await button(f, 'Forgot Password?').click();
    await heading(f, 'Forgot password?').waitFor();
    await shot(q, 'password-forgot');
    await button(f, 'Resend email').click();
    await f.getByText('Email resent').waitFor();
    await shot(q, 'toast-email-resent', { keepAnimations: true });
  },

  async function passwordless({ page, open, shot }) {
    const p = await page();
    const f = await open(p, { config: PASSWORDS });
    await submitEmail(f, OTP_USER);
    await button(f, 'Create a password instead').waitFor();
    await shot(p, 'password-passwordless');
    await button(f, 'Create a password instead').click();
    await heading(f, 'Check your email!').waitFor();
    await shot(p, 'password-set-new');
  },

  async function resetAndRegistration({ page, open, shot }) {
    const p = await page();
    let f = await open(p, { kind: 'reset-password', config: PASSWORDS, passwordResetToken: 'gallery-token' });
    await heading(f, 'Reset your password').waitFor();
    await shot(p, 'password-reset-form');
    f = await open(p, { kind: 'passkey-registration', config: { products: ['passkeys'] } });
    await f.getByText('Error: Cannot use PasskeyRegistration component', { exact: false }).waitFor();
    await shot(p, 'passkey-registration-no-user');
  },
];
