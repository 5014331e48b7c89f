import type { Queryable } from '../db/Db';
import type { OutboxMessage } from './outbox';

/**
 * A message a worker has claimed: it holds it until its lease runs out. `attempts` is this send's
 * number (1 for the first): the claim's identity, checked when its outcome is recorded.
 */
export type ClaimedMessage = Pick<
  OutboxMessage,
  | 'message_id'
  | 'project_id'
  | 'channel'
  | 'recipient'
  | 'subject'
  | 'body_text'
  | 'body_html'
  | 'metadata'
  | 'attempts'
  | 'expires_at'
>;

/**
 * Claims up to `limit` due messages (queued ones due by `now`, and sending ones whose lease ran out:
 * a process died mid-send) until `leaseUntil`. SKIP LOCKED: workers of other processes claiming at
 * the same moment take other rows, never wait, never share one.
 */
export async function claimDue(
  db: Queryable,
  { now, leaseUntil, limit }: { now: Date; leaseUntil: Date; limit: number },
): Promise<ClaimedMessage[]> {
  return db.query<ClaimedMessage & Record<string, unknown>>(
    `WITH due AS (
       SELECT message_id FROM outbox
       WHERE state IN ('queued', 'sending') AND next_attempt_at <= $1
       ORDER BY next_attempt_at LIMIT $3
       FOR UPDATE SKIP LOCKED
     )
     UPDATE outbox o SET state = 'sending', attempts = o.attempts + 1, next_attempt_at = $2
     FROM due WHERE o.message_id = due.message_id
     RETURNING o.message_id, o.project_id, o.channel, o.recipient, o.subject, o.body_text, o.body_html,
       o.metadata, o.attempts, o.expires_at`,
    [now, leaseUntil, limit],
  );
}

/** The state a claimed message ends its attempt in. */
export type AttemptEnd =
  | { state: 'sent'; at: Date; gatewayId: string | null }
  // `uncounted`: the gateway was never asked, so the attempt is given back.
  | { state: 'queued'; at: Date; error: string | null; uncounted?: boolean }
  | { state: 'failed' | 'expired' | 'held'; error: string };

const FINAL_STATES: ReadonlySet<AttemptEnd['state']> = new Set(['sent', 'failed', 'expired']);

/**
 * Records how a claimed attempt ended, only while the claim is still this worker's (same attempt,
 * still sending): a worker whose lease ran out must not overwrite the attempt that followed.
 * A live project's passcode or link (a message that expires) that reaches a final state keeps no
 * body and no `code`, `token` or `url`: the database holds no usable secret once it is delivered
 * or dropped. Test projects keep theirs for the dev inbox. Answers whether it was recorded.
 */
export async function endAttempt(
  db: Queryable,
  claim: ClaimedMessage,
  end: AttemptEnd,
  { live }: { live: boolean },
): Promise<boolean> {
  const scrub = live && claim.expires_at !== null && FINAL_STATES.has(end.state);
  const params =
    end.state === 'sent'
      ? [end.at, null, end.gatewayId, null]
      : end.state === 'queued'
        ? [null, end.error, null, end.at]
        : [null, end.error, null, null];
  const rows = await db.query(
    `UPDATE outbox SET state = $3, sent_at = $4, error = $5, gateway_id = $6, next_attempt_at = $7,
       attempts = attempts - $9::int,
       body_text = CASE WHEN $8::boolean THEN '' ELSE body_text END,
       body_html = CASE WHEN $8::boolean THEN NULL ELSE body_html END,
       metadata = CASE WHEN $8::boolean THEN metadata - 'code' - 'token' - 'url' ELSE metadata END
     WHERE message_id = $1 AND attempts = $2 AND state = 'sending'
     RETURNING message_id`,
    [
      claim.message_id,
      claim.attempts,
      end.state,
      ...params,
      scrub,
      end.state === 'queued' && end.uncounted ? 1 : 0,
    ],
  );
  return rows.length === 1;
}

/**
 * Extends the leases of the claims this worker is still sending: a slow send keeps its message, and
 * only a process that stopped renewing (it died) lets another take it over.
 */
export async function extendLeases(
  db: Queryable,
  claims: readonly Pick<ClaimedMessage, 'message_id' | 'attempts'>[],
  leaseUntil: Date,
): Promise<void> {
  if (claims.length === 0) return;
  await db.query(
    `UPDATE outbox o SET next_attempt_at = $3
     FROM unnest($1::text[], $2::int[]) AS c(message_id, attempts)
     WHERE o.message_id = c.message_id AND o.attempts = c.attempts AND o.state = 'sending'`,
    [claims.map((c) => c.message_id), claims.map((c) => c.attempts), leaseUntil],
  );
}

/** When the next queued message falls due or the next lease runs out; null when none is pending. */
export async function nextDueAt(db: Queryable): Promise<Date | null> {
  const [row] = await db.query<{ due: Date | null }>(
    "SELECT min(next_attempt_at) AS due FROM outbox WHERE state IN ('queued', 'sending')",
  );
  return row?.due ? new Date(row.due) : null;
}
