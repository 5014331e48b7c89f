import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayMessage, noAbort } from '../../../test/gatewayMessage';
import {
  metaWhatsAppConfig,
  startWhatsAppCloudStandIn,
  WHATSAPP_ACCESS_TOKEN,
  WHATSAPP_TEMPLATE,
  type WhatsAppCloudStandIn,
} from '../../../test/standIns/whatsAppCloudStandIn';
import { metaWhatsApp } from './metaWhatsApp';

describe('metaWhatsApp against the WhatsApp Cloud API stand-in', () => {
  let meta: WhatsAppCloudStandIn;
  const gateway = (token = WHATSAPP_ACCESS_TOKEN, template = WHATSAPP_TEMPLATE) =>
    metaWhatsApp({ ...metaWhatsAppConfig(meta), template_name: template }, token);
  const whatsapp = (overrides = {}) =>
    gatewayMessage({ channel: 'whatsapp', metadata: { code: '246810' }, ...overrides });

  beforeAll(async () => {
    meta = await startWhatsAppCloudStandIn();
  });
  afterAll(() => meta?.close());
  beforeEach(() => {
    meta.messages.length = 0;
  });

  it('sends the authentication template, the code in its body and its copy-code button', async () => {
    const outcome = await gateway().send(whatsapp(), noAbort());
    const [sent] = meta.messages;
    expect(outcome).toEqual({ kind: 'sent', gatewayId: sent?.id });
    expect(sent).toMatchObject({
      to: '12125550123',
      template: WHATSAPP_TEMPLATE,
      language: 'en_US',
      code: '246810',
    });
    expect(sent?.id).toMatch(/^wamid\./);
  });

  it('retries a 503 and a rate limit (130429) with its Retry-After', async () => {
    meta.fail({ status: 503, times: 1 });
    expect(await gateway().send(whatsapp(), noAbort())).toEqual({
      kind: 'retry',
      reason: 'WhatsApp Cloud API answered 503 (error 2): Service temporarily unavailable',
    });
    meta.fail({ status: 429, times: 1, retryAfter: '60' });
    expect(await gateway().send(whatsapp(), noAbort())).toEqual({
      kind: 'retry',
      reason: 'WhatsApp Cloud API answered 429 (error 130429): (#130429) Rate limit hit',
      retryAfterMs: 60_000,
    });
    expect(meta.messages).toHaveLength(0);
  });

  it('fails an undeliverable number, a bad token and an unknown template with the reason', async () => {
    expect(await gateway().send(whatsapp({ to: '+15555550123' }), noAbort())).toEqual({
      kind: 'failed',
      reason:
        'WhatsApp Cloud API answered 400 (error 131026): Message undeliverable (The recipient is not a valid WhatsApp user)',
    });
    expect(await gateway('expired').send(whatsapp(), noAbort())).toMatchObject({
      kind: 'failed',
      reason: expect.stringContaining('(error 190)') as unknown,
    });
    expect(
      await gateway(WHATSAPP_ACCESS_TOKEN, 'no_such_template').send(whatsapp(), noAbort()),
    ).toMatchObject({
      kind: 'failed',
      reason: expect.stringContaining('(error 132001)') as unknown,
    });
    expect(meta.messages).toHaveLength(0);
  });
});
