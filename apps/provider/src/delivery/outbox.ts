import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';

export type Channel = 'email' | 'sms' | 'whatsapp' | 'webhook';

export interface OutboxMessage {
  message_id: string;
  project_id: string;
  channel: Channel;
  recipient: string;
  subject: string;
  body_text: string;
  body_html: string | null;
  metadata: Record<string, unknown>;
  created_at: Date;
}

export interface NewMessage {
  project: { project_id: string; test: boolean };
  channel: Channel;
  recipient: string;
  subject?: string;
  bodyText: string;
  bodyHtml?: string;
  /** Machine-readable extras for tests, e.g. `{ token, code, url }`; shown in /dev/inbox.json. */
  metadata?: Record<string, unknown>;
}

/** Queues a message the provider "sends"; the dev inbox reads it back. */
export async function enqueueMessage(db: Queryable, m: NewMessage): Promise<string> {
  const id = newId('message', m.project.test);
  await db.query(
    `INSERT INTO outbox (message_id, project_id, channel, recipient, subject, body_text, body_html, metadata)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      id,
      m.project.project_id,
      m.channel,
      m.recipient,
      m.subject ?? '',
      m.bodyText,
      m.bodyHtml ?? null,
      JSON.stringify(m.metadata ?? {}),
    ],
  );
  return id;
}

const COLUMNS =
  'message_id, project_id, channel, recipient, subject, body_text, body_html, metadata, created_at';

/** Newest first, only for the given projects, optionally for one recipient (any case). */
export async function listMessages(
  db: Queryable,
  { projectIds, to, limit = 50 }: { projectIds: readonly string[]; to?: string | undefined; limit?: number },
): Promise<OutboxMessage[]> {
  if (projectIds.length === 0) return [];
  // Two statements, not one with `$2 IS NULL OR ...`: a prepared plan must fit every call, so that
  // form could never use the recipient index.
  return to === undefined
    ? db.query<OutboxMessage & Record<string, unknown>>(
        `SELECT ${COLUMNS} FROM outbox WHERE project_id = ANY($1::text[])
         ORDER BY created_at DESC, seq DESC LIMIT $2`,
        [projectIds, limit],
      )
    : db.query<OutboxMessage & Record<string, unknown>>(
        `SELECT ${COLUMNS} FROM outbox WHERE project_id = ANY($1::text[]) AND lower(recipient) = lower($2::text)
         ORDER BY created_at DESC, seq DESC LIMIT $3`,
        [projectIds, to, limit],
      );
}
