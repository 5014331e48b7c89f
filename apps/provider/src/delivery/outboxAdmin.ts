import type { Queryable } from '../db/Db';
import { OUTBOX_COLUMNS, type MessageState, type OutboxMessage } from './outbox';

/** The newest messages of every project, optionally in one state (`latch outbox list`). */
export function listOutbox(
  db: Queryable,
  { state, limit }: { state?: MessageState | undefined; limit: number },
): Promise<OutboxMessage[]> {
  return state === undefined
    ? db.query<OutboxMessage & Record<string, unknown>>(
        `SELECT ${OUTBOX_COLUMNS} FROM outbox ORDER BY created_at DESC, seq DESC LIMIT $1`,
        [limit],
      )
    : db.query<OutboxMessage & Record<string, unknown>>(
        `SELECT ${OUTBOX_COLUMNS} FROM outbox WHERE state = $1 ORDER BY created_at DESC, seq DESC LIMIT $2`,
        [state, limit],
      );
}

/** What `latch outbox retry` may queue again: what failed, and what was held for want of a gateway. */
export const RETRYABLE_STATES: readonly MessageState[] = ['failed', 'held'];

/**
 * Queues failed or held messages again, due at once with a fresh count of attempts (`latch outbox
 * retry`): one by id, or every failed one. A worker sends them on its next look; one whose
 * passcode or link expired meanwhile is dropped then, like every other one. A live project's failed
 * passcode or link kept no body (`endAttempt`): there is nothing to send again. Answers the ids queued.
 */
export async function retryMessages(
  db: Queryable,
  which: { messageId: string } | { allFailed: true },
  now: Date,
): Promise<string[]> {
  const rows =
    'messageId' in which
      ? await db.query<{ message_id: string }>(
          `UPDATE outbox SET state = 'queued', attempts = 0, next_attempt_at = $2
           WHERE message_id = $1 AND state = ANY($3::text[]) AND body_text <> '' RETURNING message_id`,
          [which.messageId, now, RETRYABLE_STATES],
        )
      : await db.query<{ message_id: string }>(
          `UPDATE outbox SET state = 'queued', attempts = 0, next_attempt_at = $1
           WHERE state = 'failed' AND body_text <> '' RETURNING message_id`,
          [now],
        );
  return rows.map((row) => row.message_id);
}

/** A message's state, or null when there is no such message. */
export async function messageState(db: Queryable, messageId: string): Promise<MessageState | null> {
  const [row] = await db.query<{ state: MessageState }>('SELECT state FROM outbox WHERE message_id = $1', [
    messageId,
  ]);
  return row?.state ?? null;
}
