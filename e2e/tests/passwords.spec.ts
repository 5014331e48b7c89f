import { expect, test } from '../fixtures/test';
import { uniqueEmail } from '../support/devInbox';
import { PASSWORDS } from '../support/loginConfigs';
import { rgb, strongPassword } from '../support/passwords';
import { LUDS_PROJECT } from '../support/project';

const BREACHED_LINE =
  'This password may have been used on a different site that experienced a security issue. Please choose another password.';
const LENGTH_LINE = 'Must be at least 10 character(s) long';
const COMPLEXITY_LINE = 'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol';

test('a visitor creates a password account, logs out, and logs back in', async ({ host }) => {
  test.slow(); // Create, sign out, and log in again: three trips through the frame.
  const email = uniqueEmail('password');
  const password = strongPassword();
  await host.open({ config: PASSWORDS });
  await test.step('an unknown email leads to Create account', async () => {
    await host.login.continueWithPassword(email);
    await host.password.expectCreateAccount(email);
  });

  await test.step("'password' is weak: one red segment, Continue stays disabled", async () => {
    await host.password.type('password');
    // The breached line is the provider's verdict on this very password.
    await expect(host.frame.getByText(BREACHED_LINE)).toBeVisible();
    await expect(host.password.continueButton).toBeDisabled();
    const { filled, colour } = await host.password.meterReading();
    expect(filled).toBe(1);
    const { r, g } = rgb(colour);
    expect(r, `red segment, got ${colour}`).toBeGreaterThan(2 * g);
  });

  await test.step('a strong password: four green segments, Continue enabled', async () => {
    await host.password.type(password);
    await expect(host.password.continueButton).toBeEnabled();
    await expect(host.frame.getByText(BREACHED_LINE)).toBeHidden();
    const { filled, colour } = await host.password.meterReading();
    expect(filled).toBe(4);
    const { r, g } = rgb(colour);
    expect(g, `green segment, got ${colour}`).toBeGreaterThan(2 * r);
  });

  await test.step('Continue creates the account and signs in', async () => {
    await host.password.continueButton.click();
    await host.password.expectLoggedIn();
    await expect(host.sessionState).toHaveText(/^signed in as /);
  });

  await test.step('log out', async () => {
    await host.logOut();
    await expect(host.sessionState).toHaveText('signed out');
    expect(await host.sessionCookieNames()).toEqual([]);
  });

  await test.step('the same email now leads to Log In; a wrong password is refused', async () => {
    await host.open({ config: PASSWORDS });
    await host.login.continueWithPassword(email);
    await host.password.expectLogIn();
    await host.password.submit(`${password}-wrong`);
    await host.password.expectError('Unauthorized credentials.');
    await expect(host.sessionState).toHaveText('signed out');
  });

  await test.step('the right password logs in', async () => {
    await host.password.submit(password);
    await host.password.expectLoggedIn();
    await expect(host.sessionState).toHaveText(/^signed in as /);
    expect((await host.sessionCookieNames()).sort()).toEqual(['stytch_session', 'stytch_session_jwt']);
  });
});

// Made by bcryptjs (cost 10) from LEGACY_PASSWORD, as another system would have stored it.
const LEGACY_PASSWORD = 'Legacy-Orchard-lantern-42';
const LEGACY_BCRYPT = '$2b$10$bjHUp5XlshT2q3QCgiBTWeag3r6uhcqM6tV8.He9GBtz.P93utCNi';

test('a user migrated with a bcrypt hash logs in with the old password in the widget', async ({
  host,
  provider,
}) => {
  const email = uniqueEmail('migrated');
  await test.step("the app's server migrates the user and its bcrypt hash", async () => {
    const migrated = await provider.backend('/v1/passwords/migrate', {
      email,
      hash: LEGACY_BCRYPT,
      hash_type: 'bcrypt',
      set_email_verified: true,
    });
    expect([migrated.status, migrated.body['user_created']]).toEqual([200, true]);
  });
  await host.open({ config: PASSWORDS });
  await test.step('the email leads to Log In; a wrong password is refused', async () => {
    await host.login.continueWithPassword(email);
    await host.password.expectLogIn();
    await host.password.submit(`${LEGACY_PASSWORD}-wrong`);
    await host.password.expectError('Unauthorized credentials.');
  });
  await test.step('the old password logs in', async () => {
    await host.password.submit(LEGACY_PASSWORD);
    await host.password.expectLoggedIn();
    await expect(host.sessionState).toHaveText(/^signed in as /);
  });
  await test.step("from then on the provider's own hash answers the same password", async () => {
    const again = await provider.backend('/v1/passwords/authenticate', { email, password: LEGACY_PASSWORD });
    expect(again.status).toBe(200);
  });
});

test('a breached password is refused with the breached line', async ({ host }) => {
  const email = uniqueEmail('breached');
  await host.open({ config: PASSWORDS });
  await host.login.continueWithPassword(email);
  await host.password.expectCreateAccount(email);
  await test.step("type 'iloveyou', a password from a breach list", () => host.password.type('iloveyou'));
  await test.step('the breached line says it, once, and Continue stays disabled', async () => {
    await expect(host.frame.getByText(BREACHED_LINE)).toBeVisible();
    // zxcvbn's own breach warning, which the provider sends too, would say it a second time.
    await expect(
      host.frame.getByText('Your password was exposed by a data breach on the Internet.'),
    ).toHaveCount(0);
    expect(await host.password.requirementLines()).toEqual([{ text: BREACHED_LINE, met: false }]);
    await expect(host.password.continueButton).toBeDisabled();
  });
});

test('the LUDS policy shows its length, complexity and breached lines', async ({ host }) => {
  await host.open({ config: PASSWORDS, token: LUDS_PROJECT.public_token });
  const email = uniqueEmail('luds');
  await host.login.continueWithPassword(email);
  await host.password.expectCreateAccount(email);

  await test.step("'password123': long enough, too simple, and breached", async () => {
    await host.password.type('password123');
    await expect
      .poll(() => host.password.requirementLines())
      .toEqual([
        { text: LENGTH_LINE, met: true },
        { text: COMPLEXITY_LINE, met: false },
        { text: BREACHED_LINE, met: false },
      ]);
    await expect(host.password.meter).toHaveCount(0);
    await expect(host.password.continueButton).toBeDisabled();
  });

  await test.step("'Ab1': too short and too simple, no breached line", async () => {
    await host.password.type('Ab1');
    await expect
      .poll(() => host.password.requirementLines())
      .toEqual([
        { text: LENGTH_LINE, met: false },
        { text: COMPLEXITY_LINE, met: true },
      ]);
    await expect(host.password.continueButton).toBeDisabled();
  });

  await test.step('a password meeting the policy: both lines met, Continue enabled', async () => {
    await host.password.type(strongPassword());
    await expect
      .poll(() => host.password.requirementLines())
      .toEqual([
        { text: LENGTH_LINE, met: true },
        { text: COMPLEXITY_LINE, met: true },
      ]);
    await expect(host.password.continueButton).toBeEnabled();
  });
});
