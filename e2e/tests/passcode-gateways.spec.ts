import { expect, test } from '../fixtures/test';
import { GATEWAYS_PUBLIC_TOKEN, receivedBy } from '../support/gatewayStandIns';
import { SMS_CODE, WHATSAPP_CODE } from '../support/loginConfigs';
import { uniquePhone } from '../support/phones';

// A live project: the dev inbox never shows its messages, so the code is only at the gateway.
test('a visitor signs in with a passcode texted through Twilio', async ({ host }) => {
  const phone = uniquePhone();
  await host.open({ config: SMS_CODE, token: GATEWAYS_PUBLIC_TOKEN });
  await test.step('ask for a code by text message', () => host.login.requestSmsCode(phone.national));
  await host.passcode.expectShown();

  const code = await test.step('the Twilio stand-in received a text with the code', async () => {
    await expect
      .poll(async () => (await receivedBy('twilio')).filter((m) => m.to === phone.e164).length)
      .toBe(1);
    const [text] = (await receivedBy('twilio')).filter((m) => m.to === phone.e164);
    const found = /\b(\d{6})\b/.exec(text?.body ?? '')?.[1];
    expect(found).toMatch(/^\d{6}$/);
    return found ?? '';
  });

  await test.step('enter the code: verified, and the host holds the session', async () => {
    await host.passcode.submitPasscode(code);
    await host.passcode.expectVerified();
    await expect(host.sessionState).toHaveText(/^signed in as user-live-/);
  });
});

test('a visitor signs in with a passcode sent through the WhatsApp Cloud API', async ({ host }) => {
  const phone = uniquePhone();
  await host.open({ config: WHATSAPP_CODE, token: GATEWAYS_PUBLIC_TOKEN });
  await test.step('ask for a code by WhatsApp', () => host.login.requestWhatsAppCode(phone.national));
  await host.passcode.expectShown();

  const code = await test.step('the Cloud API stand-in received the template with the code', async () => {
    // The Cloud API takes the number without its "+".
    const to = phone.e164.slice(1);
    await expect.poll(async () => (await receivedBy('meta')).filter((m) => m.to === to).length).toBe(1);
    const [message] = (await receivedBy('meta')).filter((m) => m.to === to);
    expect(message?.code).toMatch(/^\d{6}$/);
    return message?.code ?? '';
  });

  await test.step('enter the code: verified, and the host holds the session', async () => {
    await host.passcode.submitPasscode(code);
    await host.passcode.expectVerified();
    await expect(host.sessionState).toHaveText(/^signed in as user-live-/);
  });
});
