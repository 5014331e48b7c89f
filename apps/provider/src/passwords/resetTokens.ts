import { randomToken, sha256Hex } from '../crypto/hash';
import type { Queryable } from '../db/Db';
import { addMinutes } from '../sessions';
import {
  consumeToken,
  findActiveToken,
  insertOneTimeToken,
  type OneTimeTokenRow,
} from '../tokens/oneTimeTokens';
import { pkceSatisfied } from '../tokens/pkce';
import type { ProjectRef } from '../users';

/** `one_time_tokens.kind` of reset links. */
export const RESET_TOKEN_KIND = 'password_reset';

/** Stores a new single-use reset token (hashed) for the user's email; answers the token and its row's id. */
export async function issueResetToken(
  db: Queryable,
  input: {
    project: ProjectRef;
    userId: string;
    emailId: string;
    redirectUrl: string;
    expirationMinutes: number;
    codeChallenge?: string | undefined;
    /** Started by the server itself (a `reset_password` answer), not by a reset/start call. */
    auto?: boolean;
    now: Date;
  },
): Promise<{ token: string; tokenId: string }> {
  const token = randomToken(32);
  const tokenId = await insertOneTimeToken(db, {
    project: input.project,
    kind: RESET_TOKEN_KIND,
    tokenHash: sha256Hex(token),
    userId: input.userId,
    data: {
      email_id: input.emailId,
      redirect_url: input.redirectUrl,
      ...(input.codeChallenge ? { code_challenge: input.codeChallenge } : {}),
      ...(input.auto ? { auto: true } : {}),
    },
    expiresAt: addMinutes(input.now, input.expirationMinutes),
    now: input.now,
  });
  return { token, tokenId };
}

export interface ResetTokenRef {
  tokenId: string;
  userId: string;
  emailId: string;
}

/**
 * The usable reset token, without using it up (a weak new password must not burn the link).
 * Null when unknown, used, expired, or its PKCE challenge does not match `codeVerifier`.
 */
export async function findResetToken(
  db: Queryable,
  {
    projectId,
    token,
    codeVerifier,
    now,
  }: { projectId: string; token: string; codeVerifier?: string | undefined; now: Date },
): Promise<ResetTokenRef | null> {
  const row = await findActiveToken(db, {
    projectId,
    kind: RESET_TOKEN_KIND,
    tokenHash: sha256Hex(token),
    now,
  });
  return row && usable(row, codeVerifier);
}

function usable(row: OneTimeTokenRow, codeVerifier: string | undefined): ResetTokenRef | null {
  if (!pkceSatisfied(row.data, codeVerifier)) return null;
  const emailId = row.data['email_id'];
  if (!row.user_id || typeof emailId !== 'string') return null;
  return { tokenId: row.token_id, userId: row.user_id, emailId };
}

/** Uses the token once (atomic); false when another request used it first or it expired. */
export const useResetToken = async (db: Queryable, tokenId: string, now: Date): Promise<boolean> =>
  (await consumeToken(db, tokenId, now)) !== null;

/** After a reset, older reset links of the user stop working. */
export async function retireResetTokens(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query(
    'UPDATE one_time_tokens SET used_at = $3 WHERE user_id = $1 AND kind = $2 AND used_at IS NULL',
    [userId, RESET_TOKEN_KIND, now],
  );
}

/** How long after a server-started reset email the widget's own reset/start call is absorbed. */
export const AUTO_RESET_WINDOW_MS = 60_000;

/**
 * The widget starts a reset email when it sees `reset_password` from a log-in, but this
 * provider has already sent one with that answer. The first reset/start within a minute of such an
 * email is absorbed, so the visitor gets one email; later calls ('Resend email') send as usual.
 */
export async function absorbAutoReset(
  db: Queryable,
  input: { projectId: string; userId: string; now: Date },
): Promise<boolean> {
  const since = new Date(input.now.getTime() - AUTO_RESET_WINDOW_MS).toISOString();
  const rows = await db.query<{ token_id: string }>(
    `UPDATE one_time_tokens SET data = data || '{"absorbed": true}'::jsonb
      WHERE token_id = (
        SELECT token_id FROM one_time_tokens
         WHERE project_id = $1 AND user_id = $2 AND kind = $3 AND used_at IS NULL
           AND data->>'auto' = 'true' AND NOT (data ? 'absorbed') AND created_at > $4
         ORDER BY created_at DESC LIMIT 1)
      RETURNING token_id`,
    [input.projectId, input.userId, RESET_TOKEN_KIND, since],
  );
  return rows.length > 0;
}
