import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayMessage, noAbort } from '../../../test/gatewayMessage';
import {
  startVonageStandIn,
  VONAGE_API_KEY,
  VONAGE_API_SECRET,
  type VonageStandIn,
} from '../../../test/standIns/vonageStandIn';
import { vonageSms } from './vonageSms';

describe('vonageSms against the Vonage SMS API stand-in', () => {
  let vonage: VonageStandIn;
  const gateway = (secret = VONAGE_API_SECRET) =>
    vonageSms(
      {
        gateway: 'vonage',
        api_key: VONAGE_API_KEY,
        api_secret_env: 'VONAGE_API_SECRET',
        from: 'Acme',
        api_base_url: vonage.origin,
      },
      secret,
    );

  beforeAll(async () => {
    vonage = await startVonageStandIn();
  });
  afterAll(() => vonage?.close());
  beforeEach(() => {
    vonage.messages.length = 0;
  });

  it('sends the text to the number without its "+", and answers the message-id', async () => {
    const message = gatewayMessage({ to: '+33612345678' });
    const outcome = await gateway().send(message, noAbort());
    const [sent] = vonage.messages;
    expect(outcome).toEqual({ kind: 'sent', gatewayId: sent?.messageId });
    expect(sent).toMatchObject({
      to: '33612345678',
      from: 'Acme',
      text: message.text,
      type: 'text',
      clientRef: message.messageId,
    });
  });

  it('sends a text outside the GSM alphabet as unicode', async () => {
    await gateway().send(gatewayMessage({ text: '123456 est votre code Zoë 🔐' }), noAbort());
    expect(vonage.messages[0]).toMatchObject({ type: 'unicode', text: '123456 est votre code Zoë 🔐' });
  });

  it('retries a throttled message (status 1 in a 200), a 503, and a 429 after its Retry-After', async () => {
    vonage.throttle(1);
    expect(await gateway().send(gatewayMessage(), noAbort())).toEqual({
      kind: 'retry',
      reason: 'Vonage status 1: Throughput Rate Exceeded - please wait [ 1000 ] and retry',
    });
    vonage.fail({ status: 503, times: 1 });
    expect(await gateway().send(gatewayMessage(), noAbort())).toMatchObject({
      kind: 'retry',
      reason: expect.stringContaining('Vonage answered 503') as unknown,
    });
    vonage.fail({ status: 429, times: 1, retryAfter: '2' });
    expect(await gateway().send(gatewayMessage(), noAbort())).toMatchObject({
      kind: 'retry',
      retryAfterMs: 2000,
    });
    expect(vonage.messages).toHaveLength(0);
    expect((await gateway().send(gatewayMessage(), noAbort())).kind).toBe('sent');
  });

  it('fails an invalid number and bad credentials with Vonage’s error-text', async () => {
    expect(await gateway().send(gatewayMessage({ to: '+15555550123' }), noAbort())).toEqual({
      kind: 'failed',
      reason: 'Vonage status 3: Invalid to address',
    });
    expect(await gateway('wrong').send(gatewayMessage(), noAbort())).toEqual({
      kind: 'failed',
      reason: 'Vonage status 4: Bad Credentials',
    });
    expect(vonage.messages).toHaveLength(0);
  });
});
