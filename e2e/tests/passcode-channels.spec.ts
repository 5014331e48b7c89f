import { expect, test } from '../fixtures/test';
import { uniqueEmail } from '../support/devInbox';
import { EMAIL_CODE, WHATSAPP_CODE } from '../support/loginConfigs';
import { uniquePhone } from '../support/phones';

test('a visitor signs in with a passcode sent by email', async ({ host, inbox }) => {
  const email = uniqueEmail('otp-email');
  await host.open({ config: EMAIL_CODE });
  await test.step('ask for a code by email', () => host.login.requestEmailCode(email));
  await test.step('the passcode screen names the address', async () => {
    await host.passcode.expectShown();
    await expect(host.frame.getByText(`A 6-digit passcode was sent to you at ${email}.`)).toBeVisible();
  });

  const code = await test.step('the dev inbox received the code by email', async () => {
    const message = await inbox.latestTo(email);
    expect(message.channel).toBe('email');
    return inbox.latestCode(email);
  });

  await test.step('enter the code: verified, and the host holds the session', async () => {
    await host.passcode.submitPasscode(code);
    await host.passcode.expectVerified();
    await expect(host.sessionState).toHaveText(/^signed in as user-test-/);
    await expect
      .poll(() => host.sessionCookieNames())
      .toEqual(expect.arrayContaining(['stytch_session', 'stytch_session_jwt']));
  });
});

test('a visitor signs in with a passcode sent by WhatsApp', async ({ host, inbox }) => {
  const phone = uniquePhone();
  await host.open({ config: WHATSAPP_CODE });
  await test.step('ask for a code by WhatsApp', () => host.login.requestWhatsAppCode(phone.national));
  await host.passcode.expectShown();

  const code = await test.step('the dev inbox received the code on WhatsApp', async () => {
    const message = await inbox.latestTo(phone.e164);
    expect(message.channel).toBe('whatsapp');
    return inbox.latestCode(phone.e164);
  });

  await test.step('enter the code: verified, and the host holds the session', async () => {
    await host.passcode.submitPasscode(code);
    await host.passcode.expectVerified();
    await expect
      .poll(async () => (await host.recorded()).events.map((e) => e.type))
      .toContain('AUTHENTICATE_FLOW_COMPLETE');
    await expect(host.sessionState).toHaveText(/^signed in as user-test-/);
    await expect
      .poll(() => host.sessionCookieNames())
      .toEqual(expect.arrayContaining(['stytch_session', 'stytch_session_jwt']));
  });
});
