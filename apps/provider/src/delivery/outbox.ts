import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';
import { noteQueued } from './deliveringTransaction';

export type Channel = 'email' | 'sms' | 'whatsapp' | 'webhook';

/**
 * Where a message is: `queued` (due at `next_attempt_at`), `sending` (a worker holds it until
 * `next_attempt_at`), `sent`, `failed` (permanently, or out of attempts; `error` says why),
 * `expired` (its passcode or link ran out while queued: dropped, never sent late), or `held`
 * (no gateway: it stays in the outbox, which the dev inbox shows for test projects).
 */
export const MESSAGE_STATES = ['queued', 'sending', 'sent', 'failed', 'expired', 'held'] as const;
export type MessageState = (typeof MESSAGE_STATES)[number];

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
  state: MessageState;
  attempts: number;
  next_attempt_at: Date | null;
  sent_at: Date | null;
  expires_at: Date | null;
  error: string | null;
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
  /** When what it carries stops working (a passcode, a link); never for events. */
  expiresAt?: Date;
  /** `held` when no gateway will take it; default `queued`, due at once. */
  state?: 'queued' | 'held';
}

/**
 * Queues a message in the caller's transaction, so it exists exactly when the state that caused
 * it does. The delivery worker sends it once the transaction commits (wake it then).
 */
export async function enqueueMessage(db: Queryable, m: NewMessage): Promise<string> {
  const id = newId('message', m.project.test);
  const state = m.state ?? 'queued';
  await db.query(
    `INSERT INTO outbox (message_id, project_id, channel, recipient, subject, body_text, body_html, metadata,
       state, next_attempt_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      id,
      m.project.project_id,
      m.channel,
      m.recipient,
      m.subject ?? '',
      m.bodyText,
      m.bodyHtml ?? null,
      JSON.stringify(m.metadata ?? {}),
      state,
      state === 'queued' ? new Date() : null,
      m.expiresAt ?? null,
    ],
  );
  if (state === 'queued') noteQueued(db);
  return id;
}

export const OUTBOX_COLUMNS =
  'message_id, project_id, channel, recipient, subject, body_text, body_html, metadata, created_at, ' +
  'state, attempts, next_attempt_at, sent_at, expires_at, error';

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
        `SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE project_id = ANY($1::text[])
         ORDER BY created_at DESC, seq DESC LIMIT $2`,
        [projectIds, limit],
      )
    : db.query<OutboxMessage & Record<string, unknown>>(
        `SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE project_id = ANY($1::text[]) AND lower(recipient) = lower($2::text)
         ORDER BY created_at DESC, seq DESC LIMIT $3`,
        [projectIds, to, limit],
      );
}
