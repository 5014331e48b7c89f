import type { ProjectConfig } from '../config/configSchema';
import type { Queryable } from '../db/Db';
import type { Logger } from '../http/logger';
import { enqueueMessage, type Channel } from './outbox';
import { sendSmtp } from './smtp';
import { sends } from '../metrics/metrics';
import type { MessageContent } from './templates';

/** Machine-readable extras of a message, shown by /dev/inbox.json (`url` is the magic link). */
export interface MessageMetadata {
  url?: string;
  token?: string;
  code?: string;
}

export interface OutgoingMessage extends MessageContent {
  channel: Channel;
  /** Lower-cased email address or E.164 number. */
  to: string;
  metadata: MessageMetadata;
}

const MAX_ERROR_LENGTH = 1000;

/**
 * Every message goes to the outbox (the dev inbox reads it). Emails of a project with `smtp`
 * settings are also sent; a send failure is logged and kept in `outbox.error`, and never fails
 * the API call that triggered it. SMS and WhatsApp have no gateway: the outbox is their only sink.
 */
export async function deliver(
  { db, logger }: { db: Queryable; logger: Logger },
  project: ProjectConfig,
  message: OutgoingMessage,
): Promise<string> {
  const id = await enqueueMessage(db, {
    project,
    channel: message.channel,
    recipient: message.to,
    subject: message.subject,
    bodyText: message.text,
    ...(message.html ? { bodyHtml: message.html } : {}),
    metadata: { ...message.metadata },
  });
  sends.inc({ channel: message.channel, outcome: 'queued' });
  if (message.channel !== 'email' || !project.smtp) return id;
  try {
    await sendSmtp(project.smtp, message);
    await db.query('UPDATE outbox SET sent_at = $2 WHERE message_id = $1', [id, new Date()]);
  } catch (error) {
    const reason = (error instanceof Error ? error.message : String(error)).slice(0, MAX_ERROR_LENGTH);
    // The outbox row names the recipient; the log keeps addresses out.
    logger.error({ message_id: id, project_id: project.project_id, error: reason }, 'email was not sent');
    await db.query('UPDATE outbox SET error = $2 WHERE message_id = $1', [id, reason]);
  }
  return id;
}
