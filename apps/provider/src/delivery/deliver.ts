import type { ProjectConfig } from '../config/configSchema';
import type { Queryable } from '../db/Db';
import { sends } from '../metrics/metrics';
import type { DeliveryWorker } from './deliveryWorker';
import { enqueueMessage, type Channel } from './outbox';
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
  /** When the passcode or link it carries stops working: it is never sent after that. */
  expiresAt?: Date;
}

/**
 * Queues a message in the caller's transaction (`db`): it exists exactly when the state that
 * caused it does. The delivery worker sends it once that commits (`deliveringTransaction` wakes
 * it); a message with no gateway (a test project without SMTP: its dev inbox) is held in the outbox.
 */
export async function deliver(
  { db, delivery }: { db: Queryable; delivery: Pick<DeliveryWorker, 'hasGateway'> },
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
    ...(message.expiresAt ? { expiresAt: message.expiresAt } : {}),
    state: delivery.hasGateway(project, message.channel) ? 'queued' : 'held',
  });
  sends.inc({ channel: message.channel, outcome: 'queued' });
  return id;
}
