import type { Queryable } from '../db/Db';
import type { TokenKind } from './tokenKinds';

/** `data` key naming the token whose message carries this one too (a reset email's login link names its reset token). */
export const SENT_WITH = 'sent_with';

/** The tokens that work as a message of one kind to one user would: one kind, with the given `data`. */
export interface NewestTokenQuery {
  kind: TokenKind;
  userId: string;
  /** `data` values the token must have (`{ method_id }`, `{ email_id }`). */
  match: Readonly<Record<string, string>>;
  /** The request's PKCE challenge: a token bound to another one does not count (absent: only unbound ones). */
  codeChallenge?: string | undefined;
  /** Guesses after which the token no longer works (passcodes). */
  maxAttempts?: number;
}

export interface NewestToken {
  tokenId: string;
  expiresAt: Date;
}

/**
 * The newest unexpired token of a message of this kind (unbound, or bound to this request's PKCE
 * challenge), when it is usable: unused, with guesses left. An older one does not count: the owner
 * reads the newest. Tokens sent with another (`data.sent_with`) belong to that one's message.
 */
export async function findNewestToken(
  db: Queryable,
  q: NewestTokenQuery & { projectId: string; now: Date },
): Promise<NewestToken | null> {
  const [row] = await db.query<{ token_id: string; expires_at: Date | string; usable: boolean }>(
    `SELECT token_id, expires_at, used_at IS NULL AND attempts < $6 AS usable FROM one_time_tokens
     WHERE project_id = $1 AND user_id = $2 AND kind = $3 AND data @> $4::jsonb
       AND NOT data ? '${SENT_WITH}' AND expires_at > $7
       AND (NOT data ? 'code_challenge' OR data->>'code_challenge' = $5::text)
     ORDER BY created_at DESC LIMIT 1`,
    [
      q.projectId,
      q.userId,
      q.kind,
      JSON.stringify(q.match),
      q.codeChallenge ?? null,
      q.maxAttempts ?? 2 ** 31 - 1,
      q.now,
    ],
  );
  return row?.usable ? { tokenId: row.token_id, expiresAt: new Date(row.expires_at) } : null;
}

/**
 * Makes a token, and the tokens sent with it, live until at least `expiresAt` (never shorter).
 * False when it was used or expired in the meantime.
 */
export async function extendToken(
  db: Queryable,
  { userId, tokenId, expiresAt, now }: { userId: string; tokenId: string; expiresAt: Date; now: Date },
): Promise<boolean> {
  const rows = await db.query<{ token_id: string }>(
    `UPDATE one_time_tokens SET expires_at = GREATEST(expires_at, $3)
     WHERE user_id = $1 AND (token_id = $2 OR data->>'${SENT_WITH}' = $2) AND used_at IS NULL AND expires_at > $4
     RETURNING token_id`,
    [userId, tokenId, expiresAt, now],
  );
  return rows.some((row) => row.token_id === tokenId);
}
