import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { gatewayMessage, noAbort } from '../../../test/gatewayMessage';
import {
  newWebhookSecret,
  startWebhookReceiver,
  type WebhookReceiver,
} from '../../../test/standIns/webhookReceiver';
import { httpHook } from './httpHook';

describe('httpHook against a receiver that verifies Standard Webhooks signatures', () => {
  const secret = newWebhookSecret();
  let receiver: WebhookReceiver;
  beforeAll(async () => {
    receiver = await startWebhookReceiver(secret);
  });
  afterAll(() => receiver?.close());
  beforeEach(() => {
    receiver.events.length = 0;
    receiver.refusals.length = 0;
  });

  it('POSTs the message as a signed event the receiver verifies, its id the outbox id', async () => {
    const message = gatewayMessage({ channel: 'whatsapp' });
    expect(await httpHook(receiver.url, new Webhook(secret)).send(message, noAbort())).toEqual({
      kind: 'sent',
    });
    expect(receiver.events).toEqual([
      {
        id: message.messageId,
        payload: {
          type: 'message.whatsapp',
          timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as unknown,
          data: {
            message_id: message.messageId,
            channel: 'whatsapp',
            to: '+12125550123',
            subject: '',
            text: message.text,
            html: null,
            metadata: { code: '123456' },
          },
        },
      },
    ]);
  });

  it('is refused by the receiver when signed with another secret: failed, with its answer', async () => {
    const outcome = await httpHook(receiver.url, new Webhook(newWebhookSecret())).send(
      gatewayMessage(),
      noAbort(),
    );
    expect(outcome).toMatchObject({
      kind: 'failed',
      reason: expect.stringContaining('answered 400') as unknown,
    });
    expect(receiver.refusals).toEqual(['No matching signature found']);
    expect(receiver.events).toHaveLength(0);
  });

  it('retries a receiver that fails (503, or 429 with Retry-After), then delivers', async () => {
    const hook = httpHook(receiver.url, new Webhook(secret));
    receiver.fail({ status: 503, times: 1 });
    expect(await hook.send(gatewayMessage(), noAbort())).toMatchObject({ kind: 'retry' });
    receiver.fail({ status: 429, times: 1, retryAfter: '3' });
    expect(await hook.send(gatewayMessage(), noAbort())).toMatchObject({ kind: 'retry', retryAfterMs: 3000 });
    expect(await hook.send(gatewayMessage(), noAbort())).toEqual({ kind: 'sent' });
    expect(receiver.events).toHaveLength(1);
  });

  it('reads no more than the start of an answer that never ends', async () => {
    const endless = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      const chunk = 'x'.repeat(16 * 1024);
      const write = () => {
        while (!res.destroyed && res.write(chunk));
        if (!res.destroyed) res.once('drain', write);
      };
      write();
    });
    await new Promise<void>((resolve) => endless.listen(0, '127.0.0.1', resolve));
    const { port } = endless.address() as AddressInfo;
    try {
      const hook = httpHook(`http://127.0.0.1:${port}/hooks`, new Webhook(secret));
      expect(await hook.send(gatewayMessage(), noAbort())).toEqual({ kind: 'sent' });
    } finally {
      endless.closeAllConnections();
      await new Promise((resolve) => endless.close(resolve));
    }
  });

  it('does not follow a redirect: the signed body goes only where configured', async () => {
    receiver.fail({ status: 307, times: 1, headers: { location: `${receiver.origin}/elsewhere` } });
    expect(await httpHook(receiver.url, new Webhook(secret)).send(gatewayMessage(), noAbort())).toMatchObject(
      {
        kind: 'failed',
        reason: expect.stringContaining('answered 307') as unknown,
      },
    );
    expect(receiver.requests.map((r) => r.path)).not.toContain('/elsewhere');
  });
});
