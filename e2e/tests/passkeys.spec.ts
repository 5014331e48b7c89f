import { expect, test } from '../fixtures/test';
import type { HostPage } from '../pages/HostPage';
import type { PasskeysPage } from '../pages/PasskeysPage';
import type { ProviderApi } from '../support/backend';
import { uniqueEmail } from '../support/devInbox';
import { PASSKEYS_AND_SMS } from '../support/loginConfigs';
import { signInThroughApi } from '../support/signIn';

const NOT_FOUND =
  'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.';

/** A new user is signed in on the host, then creates one passkey on the demo's passkey page. */
async function registerOnePasskey(host: HostPage, provider: ProviderApi, passkeysPage: PasskeysPage) {
  await test.step('a signed-in visitor on the host', () =>
    signInThroughApi(host, provider, uniqueEmail('passkey')));
  const userId = (await host.sessionInfo())?.user.user_id ?? '';
  await test.step('create a passkey on the passkey page', async () => {
    await passkeysPage.open();
    await passkeysPage.registration.expectStart();
    await passkeysPage.registration.createPasskey();
  });
  return userId;
}

/** Signs out on the fixture host, then opens it afresh with the passkey button on Main. */
async function comeBackSignedOut(host: HostPage) {
  await host.open({ manual: true });
  await host.logOut();
  await expect(host.sessionState).toHaveText('signed out');
  await host.open({ config: PASSKEYS_AND_SMS });
  await expect(host.login.passkeyButton()).toBeVisible();
}

// A passkey is named after the browser and system that made it; a fixed user agent keeps the
// names the same wherever the suite runs.
test.describe('passkeys named after the browser', () => {
  test.use({
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  });

  test('a signed-in visitor registers two passkeys, renames one and deletes the other', async ({
    host,
    passkeysPage,
    authenticator,
    provider,
  }) => {
    test.slow(); // Two ceremonies, rename and delete, each through the frame.
    const registration = passkeysPage.registration;
    await registerOnePasskey(host, provider, passkeysPage);
    const serverNames = async () =>
      (await provider.passkeysOf((await host.cookie('stytch_session')) ?? '')).map((p) => p.name).sort();

    await test.step("the passkey is listed under 'Existing Passkeys'", async () => {
      await expect(registration.list).toBeVisible();
      await expect(registration.names()).toHaveText(['Chrome on Mac']);
      expect(await authenticator.credentials()).toHaveLength(1);
      // A name is content: the text colour, not the secondary grey that reads as disabled.
      const [name, title] = await Promise.all([
        registration
          .names()
          .first()
          .evaluate((el) => getComputedStyle(el).color),
        passkeysPage.frame.getByRole('heading', { level: 1 }).evaluate((el) => getComputedStyle(el).color),
      ]);
      expect(name).toBe(title);
    });

    await test.step("'Set up another Passkey' on a second device", async () => {
      await authenticator.replaceWithNewDevice();
      await registration.setUpAnother();
      await registration.createPasskey();
      // Named after the same browser, numbered apart, so the list never shows two identical rows.
      await expect(registration.names()).toHaveText(['Chrome on Mac', 'Chrome on Mac 2']);
    });

    await test.step('rename the first one', async () => {
      await registration.rename(0, 'Work laptop');
      await expect(registration.names()).toHaveText(['Work laptop', 'Chrome on Mac 2']);
      await expect.poll(serverNames).toEqual(['Chrome on Mac 2', 'Work laptop']);
    });

    await test.step('Delete asks first: Cancel keeps the passkey', async () => {
      await registration.askToDelete('Chrome on Mac 2');
      await expect(passkeysPage.frame.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
      // The row to delete: a faint wash of the error colour beside the red button, not a saturated yellow.
      const wash = await passkeysPage.frame.locator('.latch-passkey-row-deleting').evaluate((row) => {
        const paint = document.createElement('canvas').getContext('2d');
        if (!paint) return [];
        paint.fillStyle = getComputedStyle(row).backgroundColor;
        paint.fillRect(0, 0, 1, 1);
        return [...paint.getImageData(0, 0, 1, 1).data];
      });
      const [red = 0, green = 0, blue = 0] = wash;
      expect(Math.min(red, green, blue)).toBeGreaterThanOrEqual(225);
      expect(red).toBeGreaterThan(blue);
      await registration.cancelDelete();
      await expect(registration.names()).toHaveText(['Work laptop', 'Chrome on Mac 2']);
    });

    await test.step('Delete confirmed removes it, on screen and on the server', async () => {
      await registration.askToDelete('Chrome on Mac 2');
      await registration.confirmDelete();
      await expect(registration.names()).toHaveText(['Work laptop']);
      await expect.poll(serverNames).toEqual(['Work laptop']);
    });
  });
});

test('a returning visitor signs in with Login with a Passkey', async ({
  host,
  provider,
  passkeysPage,
  authenticator,
}) => {
  test.slow(); // Registration comes first.
  const userId = await registerOnePasskey(host, provider, passkeysPage);
  expect(await authenticator.credentials()).toHaveLength(1);
  await test.step('sign out and come back to the host', () => comeBackSignedOut(host));

  await test.step('Login with a Passkey: the authenticator answers, the widget confirms', async () => {
    await host.login.loginWithPasskey();
    await expect(host.frame.getByText('Your Passkey has been successfully authenticated.')).toBeVisible();
  });
  await test.step('the host holds the session of the same user', async () => {
    await expect(host.sessionState).toHaveText(`signed in as ${userId}`);
    expect((await host.sessionCookieNames()).sort()).toEqual(['stytch_session', 'stytch_session_jwt']);
  });
});

test('a passkey deleted on the server is refused with the registration-not-found message', async ({
  host,
  passkeysPage,
  authenticator,
  provider,
}) => {
  test.slow(); // Registration comes first.
  await registerOnePasskey(host, provider, passkeysPage);

  await test.step('delete the passkey on the server only', async () => {
    const sessionToken = (await host.cookie('stytch_session')) ?? '';
    const [passkey] = await provider.passkeysOf(sessionToken);
    const deleted = await provider.deletePasskey(sessionToken, passkey?.webauthn_registration_id ?? '');
    expect(deleted.status).toBe(200);
    expect(await provider.passkeysOf(sessionToken)).toEqual([]);
    expect(await authenticator.credentials()).toHaveLength(1);
  });
  await test.step('sign out and come back to the host', () => comeBackSignedOut(host));

  await test.step('Login with a Passkey: the banner explains, no session', async () => {
    await host.login.loginWithPasskey();
    await host.login.expectBanner(NOT_FOUND);
    await expect.poll(() => host.errorMessages()).toContain(NOT_FOUND);
    await expect(host.sessionState).toHaveText('signed out');
  });
});
