import type { ProjectConfig } from '../config/configSchema';
import type { Queryable } from '../db/Db';
import { revokeUserSessions } from '../sessions';
import { storePassword } from './passwordRecord';
import { retireResetTokens } from './resetTokens';

/**
 * Every password change's writes (run them in one transaction): the new hash (clearing a required
 * reset, the failure counter and any lock), the user's sessions ended unless the project keeps
 * them (all but `keepSessionId`, the session the change was made in), its reset links retired.
 */
export async function replacePassword(
  tx: Queryable,
  project: ProjectConfig,
  { userId, hash, now, keepSessionId }: { userId: string; hash: string; now: Date; keepSessionId?: string },
): Promise<void> {
  await storePassword(tx, project, userId, hash);
  // Whoever knew the old password may hold a session.
  if (project.end_sessions_on_password_reset)
    await revokeUserSessions(tx, project, userId, now, keepSessionId);
  await retireResetTokens(tx, userId, now);
}
