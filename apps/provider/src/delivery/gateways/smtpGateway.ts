import nodemailer from 'nodemailer';
import type { ProjectConfig } from '../../config/configSchema';
import type { Gateway, GatewayMessage, SendOutcome } from './Gateway';

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
 * timeouts, each `timeoutMs`, bound it. So a message the worker gave up on is never sent after all.
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
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  });
  const connections = slots(connectionCount);
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1];
  return {
    async send(message: GatewayMessage, signal: AbortSignal): Promise<SendOutcome> {
      if (!(await connections.take(signal)))
        return { kind: 'retry', reason: 'no SMTP connection came free in time' };
      try {
        const info = await transport.sendMail({
          from: settings.from,
          // The outbox id on the sender's domain: a retry after a lost answer carries the same
          // Message-ID, which lets the receiving side recognise the copy.
          ...(domain ? { messageId: `<${message.messageId}@${domain}>` } : {}),
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        });
        return { kind: 'sent', gatewayId: info.messageId };
      } catch (error) {
        return smtpOutcome(error);
      } finally {
        connections.give();
      }
    },
    close: () => transport.close(),
  };
}

/** At most `size` holders at once; a waiter whose signal aborts leaves the line (`take` answers false). */
function slots(size: number) {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    take(signal: AbortSignal): Promise<boolean> {
      if (signal.aborted) return Promise.resolve(false);
      if (free > 0) {
        free--;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const leave = (): void => {
          const at = waiting.indexOf(grant);
          if (at >= 0) waiting.splice(at, 1);
          resolve(false);
        };
        const grant = (): void => {
          signal.removeEventListener('abort', leave);
          resolve(true);
        };
        waiting.push(grant);
        signal.addEventListener('abort', leave, { once: true });
      });
    },
    give(): void {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}
