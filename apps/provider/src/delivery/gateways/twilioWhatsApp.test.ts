import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayMessage, noAbort } from '../../../test/gatewayMessage';
import {
  startTwilioStandIn,
  TWILIO_ACCOUNT_SID,
  TWILIO_AUTH_TOKEN,
  type TwilioStandIn,
} from '../../../test/standIns/twilioStandIn';
import { twilioWhatsApp } from './twilioWhatsApp';

const CONTENT_SID = `HX${'c3'.repeat(16)}`;

describe('twilioWhatsApp against the Twilio Messages API stand-in', () => {
  let twilio: TwilioStandIn;
  const gateway = () =>
    twilioWhatsApp(
      {
        gateway: 'twilio',
        account_sid: TWILIO_ACCOUNT_SID,
        auth_token_env: 'TWILIO_AUTH_TOKEN',
        from: '+15005550006',
        content_sid: CONTENT_SID,
        api_base_url: twilio.origin,
      },
      TWILIO_AUTH_TOKEN,
    );
  const whatsapp = (code = '654321') => gatewayMessage({ channel: 'whatsapp', metadata: { code } });

  beforeAll(async () => {
    twilio = await startTwilioStandIn();
  });
  afterAll(() => twilio?.close());
  beforeEach(() => {
    twilio.messages.length = 0;
  });

  it('sends the passcode template between whatsapp: numbers, the code as variable 1', async () => {
    const outcome = await gateway().send(whatsapp(), noAbort());
    const [sent] = twilio.messages;
    expect(outcome).toEqual({ kind: 'sent', gatewayId: sent?.sid });
    expect(sent).toMatchObject({
      to: 'whatsapp:+12125550123',
      from: 'whatsapp:+15005550006',
      body: null,
      contentSid: CONTENT_SID,
      contentVariables: { 1: '654321' },
    });
  });

  it('retries a 503 and a 429 with its Retry-After; fails an invalid number with the reason', async () => {
    twilio.fail({ status: 503, times: 1 });
    expect((await gateway().send(whatsapp(), noAbort())).kind).toBe('retry');
    twilio.fail({ status: 429, times: 1, retryAfter: '30' });
    expect(await gateway().send(whatsapp(), noAbort())).toMatchObject({
      kind: 'retry',
      retryAfterMs: 30_000,
    });
    expect(
      await gateway().send(gatewayMessage({ channel: 'whatsapp', to: '+15555550123' }), noAbort()),
    ).toEqual({
      kind: 'failed',
      reason:
        "Twilio answered 400 (error 21211): The 'To' number whatsapp:+15555550123 is not a valid phone number.",
    });
    expect(twilio.messages).toHaveLength(0);
  });

  it('fails a message without a passcode without asking Twilio', async () => {
    const before = twilio.requests.length;
    expect(
      await gateway().send(gatewayMessage({ channel: 'whatsapp', metadata: {} }), noAbort()),
    ).toMatchObject({
      kind: 'failed',
      reason: expect.stringContaining('WhatsApp carries only passcodes') as unknown,
    });
    expect(twilio.requests).toHaveLength(before);
  });
});
