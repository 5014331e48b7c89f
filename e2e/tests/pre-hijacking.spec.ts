import { expect, test } from '../fixtures/test';
import { HostPage } from '../pages/HostPage';
import { uniqueEmail } from '../support/devInbox';
import { HOST_ORIGIN } from '../support/env';
import { PASSWORDS } from '../support/loginConfigs';
import { strongPassword } from '../support/passwords';
import { signInWithEmailCode } from '../support/signIn';

test("the owner's email passcode signs out a stranger who signed the address up with a password", async ({
  host: stranger,
  browser,
  inbox,
  provider,
}) => {
  test.slow(); // Two browsers, a sign-up, a passcode sign-in and a password attempt through the frame.
  const email = uniqueEmail('pre-hijacked');
  const password = strongPassword();

  const held = await test.step("a stranger creates a password account with the owner's address", async () => {
    await stranger.open({ config: PASSWORDS });
    await stranger.login.continueWithPassword(email);
    await stranger.password.expectCreateAccount(email);
    await stranger.password.submit(password);
    await stranger.password.expectLoggedIn();
    await expect(stranger.sessionState).toHaveText(/^signed in as user-test-/);
    return { userId: (await stranger.sessionInfo())?.user.user_id, tokens: await stranger.sessionTokens() };
  });

  const ownerBrowser = await browser.newContext();
  try {
    const owner = new HostPage(await ownerBrowser.newPage(), HOST_ORIGIN);
    const ownerTokens =
      await test.step('the owner signs in with an email passcode in another browser', async () => {
        const tokens = await signInWithEmailCode(owner, inbox, email);
        await expect(owner.sessionState).toHaveText(`signed in as ${held.userId}`);
        return tokens;
      });

    await test.step("the stranger's tab is signed out at its next refresh", async () => {
      await stranger.page.reload();
      await expect(stranger.sessionState).toHaveText('signed out');
      expect(await stranger.sessionTokens()).toBeNull();
    });

    await test.step("the stranger's password now asks for a reset by email", async () => {
      await stranger.open({ config: PASSWORDS });
      await stranger.login.continueWithPassword(email);
      await stranger.password.expectLogIn();
      await stranger.password.submit(password);
      await stranger.password.expectSecurityRecheck(email);
      await expect(stranger.sessionState).toHaveText('signed out');
    });

    await test.step("the backend refuses the stranger's session and accepts the owner's", async () => {
      const refused = await provider.authenticateSession({ session_token: held.tokens?.session_token ?? '' });
      expect([refused.status, refused.body['error_type']]).toEqual([404, 'session_not_found']);
      const kept = await provider.authenticateSession({ session_token: ownerTokens.session_token });
      expect(kept.status).toBe(200);
    });
  } finally {
    await ownerBrowser.close();
  }
});
