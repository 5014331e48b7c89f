import type { Db, Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';

/**
 * Runs `attach` (a credential added for the signed-in user: a passkey, a wallet) in one transaction
 * that holds the session's row `FOR SHARE`, so it lands only while the session lives: a claim of
 * the account (users/proveAddress.ts) that revoked the session first makes this wait and then find
 * it ended; a claim that comes after waits for this to commit, then removes what it attached.
 */
export function withLiveSession<R>(
  db: Db,
  { projectId, sessionId, now }: { projectId: string; sessionId: string; now: Date },
  attach: (tx: Queryable) => Promise<R>,
): Promise<R> {
  return db.transaction(async (tx) => {
    const [held] = await tx.query(
      `SELECT 1 FROM sessions
       WHERE project_id = $1 AND session_id = $2 AND revoked_at IS NULL AND expires_at > $3
       FOR SHARE`,
      [projectId, sessionId, now],
    );
    if (!held) throw new AuthError('session_not_found', 'The session ended while it was being used.');
    return attach(tx);
  });
}
