import { expect, test } from '../fixtures/test';
import { SMS_CODE } from '../support/loginConfigs';
import { uniquePhone } from '../support/phones';

const INVALID = 'Invalid passcode, please try again.';

/** Another six digits than `code`, so the provider surely refuses it. */
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

test('a wrong passcode is refused and the right one still signs in', async ({ host, inbox }) => {
  const phone = uniquePhone();
  await host.open({ config: SMS_CODE });
  await host.login.requestSmsCode(phone.national);
  await host.passcode.expectShown();
  const code = await inbox.latestCode(phone.e164);

  await test.step('enter a wrong code: the error shows and the boxes empty', async () => {
    await host.passcode.submitPasscode(wrongCode(code));
    await host.passcode.expectReadyForAnotherCode();
    await host.passcode.expectError(INVALID);
  });
  await test.step('enter the right code: verified', async () => {
    await host.passcode.submitPasscode(code);
    await host.passcode.expectVerified();
    await expect(host.sessionState).toHaveText(/^signed in as /);
  });
});

test('five wrong passcodes burn the code, and a resent code signs the owner in at once', async ({
  host,
  inbox,
}) => {
  test.slow(); // Seven round trips through the frame on a loaded 2-core machine.
  const phone = uniquePhone();
  await host.open({ config: SMS_CODE });
  await host.login.requestSmsCode(phone.national);
  await host.passcode.expectShown();
  const code = await inbox.latestCode(phone.e164);

  for (let attempt = 1; attempt <= 5; attempt++) {
    await test.step(`wrong code ${attempt} of 5 is refused as invalid`, async () => {
      await host.passcode.submitPasscode(wrongCode(code));
      await host.passcode.expectReadyForAnotherCode();
      await host.passcode.expectError(INVALID);
    });
  }
  await test.step('the burned code is refused, even though it was right', async () => {
    await host.passcode.submitPasscode(code);
    await host.passcode.expectReadyForAnotherCode();
    await host.passcode.expectError(INVALID);
    await expect(host.sessionState).toHaveText('signed out');
  });
  await test.step('nothing is locked: a resent code signs in', async () => {
    await host.passcode.resend();
    const [newest] = await inbox.waitForCount(phone.e164, 2);
    await host.passcode.submitPasscode(newest?.metadata.code ?? '');
    await host.passcode.expectVerified();
    await expect(host.sessionState).toHaveText(/^signed in as /);
  });
});

test('the passcode screen says when the code has expired', async ({ host, inbox, page }) => {
  const phone = uniquePhone();
  await test.step('install a fake clock before the host and its frame load', () => page.clock.install());
  await host.open({ config: SMS_CODE });
  await host.login.requestSmsCode(phone.national);
  await host.passcode.expectShown();
  await inbox.latestTo(phone.e164);

  await test.step('the countdown starts at five minutes', async () => {
    await expect(host.passcode.expiry()).toHaveText(/^Your code expires in (5:00|4:5\d)\.$/);
  });
  await test.step('five minutes and a second later the code has expired', async () => {
    await page.clock.runFor(5 * 60_000 + 1000);
    await expect(host.passcode.expiry()).toHaveText('Your code has expired.');
  });
});

test('Resend code sends a second code, and the new code signs in', async ({ host, inbox }) => {
  const phone = uniquePhone();
  await host.open({ config: SMS_CODE });
  await host.login.requestSmsCode(phone.national);
  await host.passcode.expectShown();
  await inbox.waitForCount(phone.e164, 1);

  await test.step("Resend code: 'Sending code...', then 'Code sent', then back", async () => {
    expect(await host.passcode.resend()).toEqual([
      'Resend code',
      'Sending code...',
      'Code sent',
      'Resend code',
    ]);
  });
  const code = await test.step('a second code reached the phone', async () => {
    const [newest] = await inbox.waitForCount(phone.e164, 2);
    expect(newest?.metadata.code).toMatch(/^\d{6}$/);
    return newest?.metadata.code ?? '';
  });
  await test.step('the new code signs in', async () => {
    await host.passcode.submitPasscode(code);
    await host.passcode.expectVerified();
    await expect(host.sessionState).toHaveText(/^signed in as /);
  });
});
