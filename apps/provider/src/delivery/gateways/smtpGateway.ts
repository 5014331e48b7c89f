import { Transform } from 'node:stream';
import nodemailer from 'nodemailer';
import type { ProjectConfig } from '../../config/configSchema';
import { slots } from '../slots';
import type { AcceptanceTurn, Gateway, GatewayMessage, SendOutcome } from './Gateway';
import { smtpSocket } from './smtpSocket';

export type SmtpSettings = NonNullable<ProjectConfig['smtp']>;

/**
 * Connections a project's pool keeps open to its server unless `max_connections` says otherwise
 * (each message takes four round trips, so the connections bound the rate), and messages each
 * carries before it is renewed.
 */
export const DEFAULT_SMTP_CONNECTIONS = 10;
const MAX_MESSAGES_PER_CONNECTION = 100;

interface SmtpError {
  message: string;
  code?: string;
  responseCode?: number;
}

const asSmtpError = (error: unknown): SmtpError =>
  error instanceof Error ? (error as Error & SmtpError) : { message: String(error) };

/**
 * What an SMTP failure means: a 4xx reply or a lost connection may pass later; a 5xx reply (a
 * refused address, a refused login) never will.
 */
export function smtpOutcome(error: unknown): SendOutcome {
  const { message, code, responseCode } = asSmtpError(error);
  const reason = message.replace(/\s+/g, ' ').slice(0, 1000);
  if (responseCode !== undefined)
    return responseCode >= 500 ? { kind: 'failed', reason } : { kind: 'retry', reason };
  // A message nodemailer cannot build or address; anything else (a lost connection) may pass later.
  if (code === 'EENVELOPE' || code === 'EMESSAGE') return { kind: 'failed', reason };
  return { kind: 'retry', reason };
}

/**
 * Email through the project's SMTP server over one pooled nodemailer transport (its connections
 * kept open between messages); `close` ends the pool. nodemailer cannot take a message
 * back once it has it, so a message waits here for a free connection, where an abort (the worker's
 * send timeout) still withdraws it, and is handed over only then; from there the transport's own
 * timeouts, each `timeoutMs`, bound it, and its end of data waits for `turn` (an abort meanwhile
 * still withdraws it). So a message the worker gave up on is never sent after all.
 */
export function smtpGateway(
  settings: SmtpSettings,
  password: string | undefined,
  timeoutMs: number,
): Gateway & { close(): void } {
  const connectionCount = settings.max_connections ?? DEFAULT_SMTP_CONNECTIONS;
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: connectionCount,
    maxMessages: MAX_MESSAGES_PER_CONNECTION,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: password ?? '' } } : {}),
    getSocket: smtpSocket(settings.host, settings.port, timeoutMs),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const connections = slots(connectionCount);
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1] ?? 'localhost';
  // The turn each message in flight waits for before its end of data, by its Message-ID.
  const turns = new Map<string, () => Promise<boolean>>();
  transport.use('stream', (mail, done) => {
    const take = mail.data.messageId ? turns.get(mail.data.messageId) : undefined;
    if (take) mail.message.processFunc((message) => message.pipe(endOnTurn(take)));
    done();
  });
  return {
    async send(message: GatewayMessage, signal: AbortSignal, turn?: AcceptanceTurn): Promise<SendOutcome> {
      if (!(await connections.take(signal)))
        return { kind: 'retry', reason: 'no SMTP connection came free in time', uncounted: true };
      // The outbox id on the sender's domain: a retry after a lost answer carries the same
      // Message-ID, which lets the receiving side recognise the copy.
      const messageId = `<${message.messageId}@${domain}>`;
      // Once nodemailer is done with the message, a turn it has not been granted yet is not taken.
      const over = new AbortController();
      let withdrawn = false;
      if (turn)
        turns.set(messageId, async () => {
          const taken = await turn.take(AbortSignal.any([signal, over.signal]));
          withdrawn = !taken;
          return taken;
        });
      try {
        const info = await transport.sendMail({
          from: settings.from,
          messageId,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
        return { kind: 'sent', gatewayId: info.messageId };
      } catch (error) {
        // Withdrawn while it waited for its turn: the server has no fault in it.
        if (withdrawn)
          return { kind: 'retry', reason: 'withdrawn while waiting for its turn to finish', uncounted: true };
        return smtpOutcome(error);
      } finally {
        over.abort();
        turns.delete(messageId);
        connections.give();
      }
    },
    close: () => transport.close(),
  };
}

/**
 * Passes a message through to the server and holds back its end, after which nodemailer sends the
 * end of data, until the turn is taken. It waits only once the message is being written to the
 * server (nodemailer pipes it there after the server's go-ahead for DATA), so the turn is held for
 * no more than the end of data, the server's answer and the record. Without the turn the stream
 * fails instead: nodemailer closes the connection, and the server drops the unfinished message.
 */
function endOnTurn(take: () => Promise<boolean>): Transform {
  const hold = new Transform({
    transform: (chunk: Buffer, _encoding, pass) => pass(null, chunk),
    flush(end) {
      const whenTaken = (): void =>
        void take().then((taken) => end(taken ? null : new Error('the send was withdrawn before its end')));
      if (hold.readableFlowing) whenTaken();
      else hold.once('resume', whenTaken);
    },
  });
  return hold;
}
