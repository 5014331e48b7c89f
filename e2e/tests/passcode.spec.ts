import { expect, test } from '../fixtures/test';
import { HOST_ORIGIN } from '../support/env';

const SMS_ONLY = { products: ['otp'], otpOptions: { methods: ['sms'], expirationMinutes: 5 } };

test('a visitor signs in with a passcode sent by text message', async ({ host, inbox, page }) => {
  // A fresh number per run: 201-555-01xx numbers are reserved for fiction.
  const local = `55501${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
  const e164 = `+1201${local}`;
  await host.open({ config: SMS_ONLY });
  await test.step('ask for a code by text message', () => host.login.requestSmsCode(`201${local}`));
  await host.passcode.expectShown();

  const code = await test.step('the dev inbox received the code', async () => {
    const message = await inbox.latestTo(e164);
    expect(message.channel).toBe('sms');
    expect(message.metadata.code).toMatch(/^\d{6}$/);
    return message.metadata.code ?? '';
  });

  await test.step('enter the code: the widget confirms and the host gets the session', async () => {
    await host.passcode.submitPasscode(code);
    await host.passcode.expectVerified();
    await expect
      .poll(async () => (await host.recorded()).events.map((e) => e.type))
      .toContain('AUTHENTICATE_FLOW_COMPLETE');
    const names = (await page.context().cookies(`${HOST_ORIGIN}/`)).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['stytch_session', 'stytch_session_jwt']));
  });
});
