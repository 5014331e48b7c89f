import { expect, test } from '../fixtures/test';
import { LoginScreen } from '../pages/LoginScreen';
import { PasscodeScreen } from '../pages/PasscodeScreen';
import { uniqueEmail } from '../support/devInbox';
import { HOST_ORIGIN } from '../support/env';

// apps/example-react: a Vite + React app built against @latch/react's dist, served by the demo host.
test('the React example signs in through <LatchLogin> and useLatchSession() follows', async ({
  page,
  inbox,
  provider,
}) => {
  const email = uniqueEmail('react-example');
  const status = page.getByRole('status');
  const frame = page.frameLocator('stytch-ui iframe');
  const login = new LoginScreen(frame);
  const passcode = new PasscodeScreen(frame);

  await test.step('signed out: the widget is mounted once, StrictMode notwithstanding', async () => {
    await page.goto(`${HOST_ORIGIN}/react/`);
    await expect(status).toHaveText('Signed out');
    await login.expectShown();
    await expect(page.locator('stytch-ui')).toHaveCount(1);
    await expect(page.locator('iframe')).toHaveCount(1);
  });

  await test.step('an email passcode signs in; the hook re-renders with the user', async () => {
    await login.requestEmailCode(email);
    await passcode.expectShown();
    await passcode.submitPasscode(await inbox.latestCode(email));
    await expect(status).toHaveText(`Signed in as ${email}`);
    // Signed in, the app renders no widget: the frame was torn down with its component.
    await expect(page.locator('stytch-ui')).toHaveCount(0);
  });

  const token = await page.evaluate(
    () => document.cookie.match(/(?:^|; )stytch_session=([^;]*)/)?.[1] ?? null,
  );
  expect(token, 'the session cookie on the app’s origin').toBeTruthy();
  expect((await provider.authenticateSession({ session_token: token ?? '' })).status).toBe(200);

  await test.step('a reload keeps the session', async () => {
    await page.reload();
    await expect(status).toHaveText(`Signed in as ${email}`);
  });

  await test.step('Sign out revokes the session and the widget comes back', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(status).toHaveText('Signed out');
    await login.expectShown();
    const revoked = await provider.authenticateSession({ session_token: token ?? '' });
    expect([revoked.status, revoked.body['error_type']]).toEqual([404, 'session_not_found']);
  });
});
