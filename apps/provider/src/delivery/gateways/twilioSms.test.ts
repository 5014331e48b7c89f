import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayMessage, noAbort } from '../../../test/gatewayMessage';
import { freePort } from '../../../test/freePort';
import {
  startTwilioStandIn,
  TWILIO_AUTH_TOKEN,
  twilioSmsConfig,
  type TwilioStandIn,
} from '../../../test/standIns/twilioStandIn';
import { twilioSms } from './twilioSms';

const SERVICE_SID = `MG${'b2'.repeat(16)}`;

describe('twilioSms against the Twilio Messages API stand-in', () => {
  let twilio: TwilioStandIn;
  const account = () => twilioSmsConfig(twilio);
  const fromNumber = () => twilioSms(account(), TWILIO_AUTH_TOKEN);

  beforeAll(async () => {
    twilio = await startTwilioStandIn();
  });
  afterAll(() => twilio?.close());
  beforeEach(() => {
    twilio.messages.length = 0;
  });

  it('sends the text from the sender number and answers the message SID', async () => {
    const outcome = await fromNumber().send(gatewayMessage(), noAbort());
    expect(twilio.messages).toHaveLength(1);
    const [sent] = twilio.messages;
    expect(outcome).toEqual({ kind: 'sent', gatewayId: sent?.sid });
    expect(sent).toMatchObject({
      to: '+12125550123',
      from: '+15005550006',
      body: '123456 is your Test Project code. It expires in 5 minutes.',
    });
  });

  it('sends through a Messaging Service instead of a number', async () => {
    const gateway = twilioSms(
      { ...account(), from: undefined, messaging_service_sid: SERVICE_SID },
      TWILIO_AUTH_TOKEN,
    );
    expect((await gateway.send(gatewayMessage(), noAbort())).kind).toBe('sent');
    expect(twilio.messages[0]).toMatchObject({ messagingServiceSid: SERVICE_SID, from: null });
  });

  it('retries a 503, and a 429 after the Retry-After Twilio gave', async () => {
    twilio.fail({ status: 503, times: 1 });
    expect(await fromNumber().send(gatewayMessage(), noAbort())).toEqual({
      kind: 'retry',
      reason: 'Twilio answered 503 (error 20500): Internal Server Error',
    });
    twilio.fail({ status: 429, times: 1, retryAfter: '7' });
    expect(await fromNumber().send(gatewayMessage(), noAbort())).toEqual({
      kind: 'retry',
      reason: 'Twilio answered 429 (error 20429): Too Many Requests',
      retryAfterMs: 7000,
    });
    expect(twilio.messages).toHaveLength(0);
    expect((await fromNumber().send(gatewayMessage(), noAbort())).kind).toBe('sent');
  });

  it('fails an invalid number with Twilio’s reason, at once', async () => {
    const outcome = await fromNumber().send(gatewayMessage({ to: '+15555550123' }), noAbort());
    expect(outcome).toEqual({
      kind: 'failed',
      reason: "Twilio answered 400 (error 21211): The 'To' number +15555550123 is not a valid phone number.",
    });
    expect(twilio.messages).toHaveLength(0);
  });

  it('fails with wrong credentials', async () => {
    const outcome = await twilioSms(account(), 'wrong').send(gatewayMessage(), noAbort());
    expect(outcome).toEqual({ kind: 'failed', reason: 'Twilio answered 401 (error 20003): Authenticate' });
  });

  it('retries when Twilio cannot be reached or the send is stopped', async () => {
    const down = twilioSms(
      { ...account(), api_base_url: `http://127.0.0.1:${await freePort()}` },
      TWILIO_AUTH_TOKEN,
    );
    expect(await down.send(gatewayMessage(), noAbort())).toMatchObject({
      kind: 'retry',
      reason: expect.stringMatching(/could not be reached \(.*ECONNREFUSED/) as unknown,
    });
    twilio.fail({ status: 200, times: 1, delayMs: 5_000 });
    const stop = new AbortController();
    const pending = fromNumber().send(gatewayMessage(), stop.signal);
    setTimeout(() => stop.abort(), 50);
    expect(await pending).toEqual({
      kind: 'retry',
      reason: `${new URL(twilio.origin).host}: the send was stopped`,
    });
  });
});
