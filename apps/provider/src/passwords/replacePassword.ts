import type { ProjectConfig } from '../config/configSchema';
import type { Queryable } from '../db/Db';
import { revokeUserSessions } from '../sessions';
import { AuthError } from '../errors/AuthError';
import type { OwnerEpoch } from '../sessions/sessionRow';
import { storePassword } from './passwordRecord';
import { retireResetTokens } from './resetTokens';

/**
 * Every password change's writes (run them in one transaction): the new hash (clearing a required
 * reset, the failure counter and any lock; refused when `ownerEpoch` moved), the user's sessions ended unless the project keeps
 * them (all but `keepSessionId`, the session the change was made in), its reset links retired.
 */
export async function replacePassword(
  tx: Queryable,
  project: ProjectConfig,
  {
    userId,
    hash,
    now,
    keepSessionId,
    ownerEpoch,
  }: { userId: string; hash: string; now: Date; keepSessionId?: string; ownerEpoch?: OwnerEpoch },
): Promise<void> {
  if (!(await storePassword(tx, project, userId, hash, ownerEpoch)))
    throw new AuthError(
      'unauthorized_credentials',
      "The account's owner claimed it while the password changed.",
    );
  // Whoever knew the old password may hold a session.
  if (project.end_sessions_on_password_reset)
    await revokeUserSessions(tx, project, userId, now, keepSessionId);
  await retireResetTokens(tx, userId, now);
}
