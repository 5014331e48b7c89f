import { expect, test } from '../fixtures/test';
import { uniqueEmail } from '../support/devInbox';
import { AUTH_ORIGIN, HOST_ORIGIN } from '../support/env';
import { strongPassword } from '../support/passwords';

const RESET_PAGE = `${HOST_ORIGIN}/reset-password`;
const LANDING_PAGE = `${HOST_ORIGIN}/authenticate`;
/** Passwords on the host, with both links of the reset email leading to the demo's reset page. */
const PASSWORDS_WITH_RESET = {
  products: ['passwords'],
  passwordOptions: { loginRedirectURL: RESET_PAGE, resetPasswordRedirectURL: RESET_PAGE },
};

test('Forgot Password? emails a link; the reset page sets a new password and signs in', async ({
  host,
  inbox,
  provider,
  resetPage,
}) => {
  test.slow(); // Log-in screen, email, then the reset page: two hosts pages and two frames.
  const email = uniqueEmail('forgot');
  const oldPassword = strongPassword();
  const newPassword = strongPassword();
  await provider.createPasswordUser(email, oldPassword);

  await test.step('Log In screen: Forgot Password? sends the reset email', async () => {
    await host.open({ config: PASSWORDS_WITH_RESET });
    await host.login.continueWithPassword(email);
    await host.password.expectLogIn();
    await host.password.forgotPassword();
    await host.password.expectResetEmailSent(email);
  });

  const link = await test.step('the dev inbox holds a reset link to the host reset page', async () => {
    const { metadata } = await inbox.latestTo(email);
    const url = new URL(metadata.url ?? '');
    expect(url.origin + url.pathname).toBe(RESET_PAGE);
    expect(url.searchParams.get('stytch_token_type')).toBe('reset_password');
    return url.href;
  });

  await test.step('open the link: Reset your password; a new password signs in', async () => {
    await resetPage.openLink(link);
    await resetPage.password.expectResetForm();
    await resetPage.password.submit(newPassword);
    await resetPage.password.expectLoggedIn();
  });

  await test.step('the host holds stytch_session and stytch_session_jwt', async () => {
    const cookies = await resetPage.page.context().cookies(`${HOST_ORIGIN}/`);
    expect(cookies.map((c) => c.name)).toEqual(
      expect.arrayContaining(['stytch_session', 'stytch_session_jwt']),
    );
  });

  await test.step('the provider now takes the new password and refuses the old one', async () => {
    const login = (password: string) =>
      provider.sdk('POST', '/passwords/authenticate', {
        data: { email, password, session_duration_minutes: 60 },
      });
    expect((await login(newPassword)).status).toBe(200);
    expect((await login(oldPassword)).body['error_type']).toBe('unauthorized_credentials');
  });
});

test("the reset email's login link logs in without a password", async ({
  inbox,
  provider,
  resetPage,
  page,
}) => {
  const email = uniqueEmail('login-link');
  await provider.createPasswordUser(email, strongPassword());
  const loginUrl = await test.step('a reset email is sent; it carries a login link', async () => {
    const started = await provider.sdk('POST', '/passwords/email/reset/start', {
      data: { email, login_redirect_url: RESET_PAGE, reset_password_redirect_url: RESET_PAGE },
    });
    expect(started.status).toBe(200);
    const { metadata } = await inbox.latestTo(email);
    const url = new URL(metadata.login_url ?? '');
    expect(url.searchParams.get('stytch_token_type')).toBe('login');
    expect(url.searchParams.get('token')).toBe(metadata.login_token);
    return url.href;
  });

  // The token is held at the network until 'Logging in...' was seen, so the spinner cannot be missed.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`${AUTH_ORIGIN}/sdk/v1/magic_links/authenticate`, async (route) => {
    await held;
    await route.continue();
  });

  await test.step("open the login link: 'Logging in...'", async () => {
    await resetPage.openLink(loginUrl);
    await expect(resetPage.password.loggingIn()).toBeVisible();
    await expect(resetPage.frame.getByRole('textbox')).toHaveCount(0);
  });
  await test.step('then the success screen, and the host holds the session', async () => {
    release();
    await resetPage.password.expectLoggedIn();
    const cookies = await page.context().cookies(`${HOST_ORIGIN}/`);
    expect(cookies.map((c) => c.name)).toEqual(
      expect.arrayContaining(['stytch_session', 'stytch_session_jwt']),
    );
  });
});

test("the reset link's 'Login without a password' signs in with the reset token, once", async ({
  inbox,
  provider,
  resetPage,
  page,
}) => {
  const email = uniqueEmail('reset-login');
  await provider.createPasswordUser(email, strongPassword());
  const reset = await test.step('a reset email is sent', async () => {
    await provider.sdk('POST', '/passwords/email/reset/start', {
      data: { email, login_redirect_url: RESET_PAGE, reset_password_redirect_url: RESET_PAGE },
    });
    const { metadata } = await inbox.latestTo(email);
    return { link: metadata.url ?? '', token: metadata.token ?? '' };
  });

  await test.step("open the reset link and choose 'Login without a password'", async () => {
    await resetPage.openLink(reset.link);
    await resetPage.password.expectResetForm();
    await resetPage.password.loginWithoutPassword();
  });
  await test.step('the success screen, and the host holds the session', async () => {
    await resetPage.password.expectLoggedIn();
    const cookies = await page.context().cookies(`${HOST_ORIGIN}/`);
    expect(cookies.map((c) => c.name)).toEqual(
      expect.arrayContaining(['stytch_session', 'stytch_session_jwt']),
    );
  });
  await test.step('the used token can no longer reset the password', async () => {
    const again = await provider.sdk('POST', '/passwords/email/reset', {
      data: { token: reset.token, password: strongPassword(), session_duration_minutes: 60 },
    });
    expect([again.status, again.body['error_type']]).toEqual([401, 'unable_to_auth_magic_link']);
  });
});

test("the reset email's login link signs in on the demo's landing page", async ({
  demo,
  inbox,
  provider,
  page,
}) => {
  const email = uniqueEmail('login-landing');
  await provider.createPasswordUser(email, strongPassword());
  const loginUrl = await test.step('the dev inbox holds a login link to the landing page', async () => {
    await provider.sdk('POST', '/passwords/email/reset/start', {
      data: { email, login_redirect_url: LANDING_PAGE, reset_password_redirect_url: RESET_PAGE },
    });
    const { metadata } = await inbox.latestTo(email);
    const url = new URL(metadata.login_url ?? '');
    expect(url.origin + url.pathname).toBe(LANDING_PAGE);
    expect(url.searchParams.get('stytch_token_type')).toBe('login');
    return url.href;
  });

  await test.step('follow it: the landing page signs the visitor in', async () => {
    await page.goto(loginUrl);
    await expect(demo.landingStatus()).toHaveText('Signed in.');
    await expect(demo.landingResult()).toContainText(email);
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
    const cookies = await page.context().cookies(`${HOST_ORIGIN}/`);
    expect(cookies.map((c) => c.name)).toEqual(
      expect.arrayContaining(['stytch_session', 'stytch_session_jwt']),
    );
  });
});

test('a reset link and a login link never show the missing-token message, not even for a moment', async ({
  inbox,
  provider,
  resetPage,
  page,
}) => {
  const MISSING = 'This link has no reset token. Please request a new password reset email.';
  // In every frame from its first byte: notes whether the message was ever in the document.
  await page.addInitScript((text) => {
    if (!location.pathname.startsWith('/frame/')) return;
    new MutationObserver(() => {
      if (document.documentElement.textContent?.includes(text)) Reflect.set(window, 'latchSawMissing', true);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, MISSING);
  const sawMissing = () => {
    const frame = page.frames().find((f) => new URL(f.url()).pathname === '/frame/reset-password');
    if (!frame) throw new Error('no reset-password frame');
    return frame.evaluate(() => Reflect.get(window, 'latchSawMissing') === true);
  };
  const email = uniqueEmail('no-flash');
  await provider.createPasswordUser(email, strongPassword());
  // A slow network for the loader's channel: the frame draws long before the host's answer
  // (which brings the page's query string) can reach it, as on a cold load.
  await page.route(`${AUTH_ORIGIN}/loader-channel.js`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await route.continue();
  });

  for (let round = 1; round <= 2; round += 1) {
    const links = await test.step(`round ${round}: a reset email`, async () => {
      await provider.sdk('POST', '/passwords/email/reset/start', {
        data: { email, login_redirect_url: RESET_PAGE, reset_password_redirect_url: RESET_PAGE },
      });
      const { metadata } = await inbox.latestTo(email);
      return { reset: metadata.url ?? '', login: metadata.login_url ?? '' };
    });
    await test.step(`round ${round}: the reset link shows the form, and only the form`, async () => {
      await resetPage.openLink(links.reset);
      await resetPage.password.expectResetForm();
      await expect(resetPage.frame.getByLabel('New password')).toBeVisible();
      expect(await sawMissing()).toBe(false);
    });
    await test.step(`round ${round}: the login link logs in, without the message first`, async () => {
      await page.context().clearCookies();
      await resetPage.openLink(links.login);
      await resetPage.password.expectLoggedIn();
      expect(await sawMissing()).toBe(false);
      await page.context().clearCookies();
    });
  }
});
