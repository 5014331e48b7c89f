import { afterEach, describe, expect, it } from 'vitest';
import { startSmtpStandIn, type SmtpStandIn } from '../../../test/standIns/smtpStandIn';
import type { AcceptanceTurn, GatewayMessage } from './Gateway';
import { smtpGateway } from './smtpGateway';

const message = (messageId: string): GatewayMessage => ({
  messageId,
  channel: 'email',
  to: 'turn@example.com',
  subject: 'Your code',
  text: 'Your code is 123456',
  html: null,
  metadata: {},
});

/** A turn the test grants by hand; it answers false if the send's signal aborts first. */
function turnByHand() {
  const asked: ((taken: boolean) => void)[] = [];
  const turn: AcceptanceTurn = {
    take: (signal) =>
      new Promise<boolean>((resolve) => {
        asked.push(resolve);
        signal.addEventListener('abort', () => resolve(false), { once: true });
      }),
  };
  return { turn, asked };
}

const granted: AcceptanceTurn = { take: () => Promise.resolve(true) };

let smtp: SmtpStandIn | undefined;
let close: (() => void) | undefined;
afterEach(async () => {
  close?.();
  await smtp?.close();
  smtp = close = undefined;
});

async function open() {
  const server = await startSmtpStandIn();
  smtp = server;
  const settings = {
    host: '127.0.0.1',
    port: server.port,
    secure: false,
    from: 'Latch <no-reply@latch.test>',
  };
  const gateway = smtpGateway(settings, undefined, 5_000);
  close = gateway.close;
  return { smtp: server, gateway };
}

describe('the SMTP gateway and the acceptance turn', { timeout: 20_000 }, () => {
  it('holds the end of data until the turn is granted: the server has the message, unfinished, until then', async () => {
    const { smtp, gateway } = await open();
    const { turn, asked } = turnByHand();
    const sending = gateway.send(message('message-test-turn-1'), new AbortController().signal, turn);
    await expect.poll(() => asked.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.attempts()).toBe(0);
    asked[0]?.(true);
    expect(await sending).toMatchObject({ kind: 'sent' });
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]?.data).toContain('Message-ID: <message-test-turn-1@latch.test>');
  });

  it('withdraws a message whose send is aborted while it waits for the turn: the server never gets its end', async () => {
    const { smtp, gateway } = await open();
    const { turn, asked } = turnByHand();
    const abort = new AbortController();
    const sending = gateway.send(message('message-test-turn-2'), abort.signal, turn);
    await expect.poll(() => asked.length).toBe(1);
    abort.abort();
    expect(await sending).toMatchObject({ kind: 'retry' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(smtp.attempts()).toBe(0);
    // The pool replaces the connection it closed: the next message goes out.
    expect(
      await gateway.send(message('message-test-turn-3'), new AbortController().signal, granted),
    ).toMatchObject({
      kind: 'sent',
    });
    expect(smtp.mails.map((mail) => /Message-ID: <([^@]+)@/.exec(mail.data)?.[1])).toEqual([
      'message-test-turn-3',
    ]);
  });
});
