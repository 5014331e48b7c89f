import type { Queryable } from '../db/Db';
import { findEmailLink, issueEmailLink, type EmailLink, type LinkUse } from '../tokens/emailLinks';
import { consumeToken } from '../tokens/oneTimeTokens';
import type { TokenKind } from '../tokens/tokenKinds';
import type { ProjectRef } from '../users';

/** Stores a new single-use reset token (hashed) for the user's email; answers the token and its row's id. */
export const issueResetToken = (
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
): Promise<{ token: string; tokenId: string }> =>
  issueEmailLink(db, 'password_reset', {
    ...input,
    data: {
      email_id: input.emailId,
      redirect_url: input.redirectUrl,
      ...(input.codeChallenge ? { code_challenge: input.codeChallenge } : {}),
      ...(input.auto ? { auto: true } : {}),
    },
  });

/**
 * The usable reset token, without using it up (a weak new password must not burn the link).
 * Null when unknown, used, expired, or its PKCE challenge does not match `codeVerifier`.
 */
export const findResetToken = (db: Queryable, use: LinkUse): Promise<EmailLink | null> =>
  findEmailLink(db, 'password_reset', use);

/** Uses the token once (atomic); false when another request used it first or it expired. */
export const useResetToken = async (db: Queryable, tokenId: string, now: Date): Promise<boolean> =>
  (await consumeToken(db, 'password_reset', tokenId, now)) !== null;

/** After a reset, older reset links of the user stop working. */
export async function retireResetTokens(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query(
    'UPDATE one_time_tokens SET used_at = $3 WHERE user_id = $1 AND kind = $2 AND used_at IS NULL',
    [userId, 'password_reset' satisfies TokenKind, now],
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
    [input.projectId, input.userId, 'password_reset' satisfies TokenKind, since],
  );
  return rows.length > 0;
}
