import type { Queryable } from '../db/Db';

/** `data` key naming the token of the same message that the request checks (a reset email's login link names its reset token). */
export const SENT_WITH = 'sent_with';

/** Which tokens can stand in for a new message: one user's, of one kind, with the given `data`. */
export interface NewestTokenQuery {
  kind: string;
  userId: string;
  /** `data` values the token must have (`{ method_id }`, `{ email_id }`). */
  match: Readonly<Record<string, string>>;
  /** The request's PKCE challenge: a token bound to another one cannot stand in (absent: only unbound tokens). */
  codeChallenge?: string | undefined;
  /** Guesses after which the token no longer works (passcodes). */
  maxAttempts?: number;
}

const EXTEND_SQL = `WITH newest AS (
    UPDATE one_time_tokens SET expires_at = GREATEST(expires_at, $7)
    WHERE token_id = (
        SELECT token_id FROM one_time_tokens
        WHERE project_id = $1 AND user_id = $2 AND kind = $3 AND data @> $4::jsonb
          AND NOT data ? '${SENT_WITH}' AND used_at IS NULL AND expires_at > $8 AND attempts < $6
          AND (NOT data ? 'code_challenge' OR data->>'code_challenge' = $5::text)
        ORDER BY created_at DESC LIMIT 1)
      AND used_at IS NULL AND expires_at > $8
    RETURNING token_id),
  companions AS (
    UPDATE one_time_tokens SET expires_at = GREATEST(expires_at, $7)
    WHERE user_id = $2 AND used_at IS NULL AND expires_at > $8
      AND data->>'${SENT_WITH}' IN (SELECT token_id FROM newest))
  SELECT count(*) AS kept FROM newest`;

/**
 * Keeps the newest usable token of a message working until at least `expiresAt` (never shortens
 * it), with the tokens sent in the same message (`data.sent_with`). Usable: unused, unexpired,
 * guesses left, and unbound or bound to this request's PKCE challenge. False when there is none.
 */
export async function extendNewestToken(
  db: Queryable,
  q: NewestTokenQuery & { projectId: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  const [row] = await db.query<{ kept: number | string }>(EXTEND_SQL, [
    q.projectId,
    q.userId,
    q.kind,
    JSON.stringify(q.match),
    q.codeChallenge ?? null,
    q.maxAttempts ?? 2 ** 31 - 1,
    q.expiresAt,
    q.now,
  ]);
  return Number(row?.kept ?? 0) > 0;
}
