import nodemailer from 'nodemailer';
import type { ProjectConfig } from '../../config/configSchema';
import type { Gateway, GatewayMessage, SendOutcome } from './Gateway';

export type SmtpSettings = NonNullable<ProjectConfig['smtp']>;

/** Connections a project's pool keeps open to its server, and messages each carries before it is renewed. */
const MAX_CONNECTIONS = 5;
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
 * Email through the project's SMTP server over one pooled nodemailer transport (`MAX_CONNECTIONS`
 * connections kept open between messages). The password is read from the environment variable the
 * settings name; `close` ends the pool.
 */
export function smtpGateway(
  settings: SmtpSettings,
  password: string | undefined,
): Gateway & { close(): void } {
  const transport = nodemailer.createTransport({
    pool: true,
    maxConnections: MAX_CONNECTIONS,
    maxMessages: MAX_MESSAGES_PER_CONNECTION,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: password ?? '' } } : {}),
    // A dead server must not hold a worker's slot for minutes.
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  const domain = /@([^>\s]+)>?\s*$/.exec(settings.from)?.[1];
  return {
    async send(message: GatewayMessage, signal: AbortSignal): Promise<SendOutcome> {
      const sending = transport
        .sendMail({
          from: settings.from,
          // The outbox id on the sender's domain: a retry after a lost answer carries the same
          // Message-ID, which lets the receiving side recognise the copy.
          ...(domain ? { messageId: `<${message.messageId}@${domain}>` } : {}),
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
        })
        .then((info): SendOutcome => ({ kind: 'sent', gatewayId: info.messageId }), smtpOutcome);
      // nodemailer takes no signal: the worker stops waiting, the pool's own timeouts end the socket.
      const aborted = new Promise<SendOutcome>((resolve) => {
        const stop = (): void => resolve({ kind: 'retry', reason: 'the SMTP server did not answer in time' });
        if (signal.aborted) stop();
        else signal.addEventListener('abort', stop, { once: true });
      });
      return Promise.race([sending, aborted]);
    },
    close: () => transport.close(),
  };
}
