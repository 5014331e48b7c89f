import type { ProjectConfig } from '../config/configSchema';
import type { Db } from '../db/Db';
import type { OwnerEpoch } from '../sessions/sessionRow';
import { hashPassword } from './passwordHash';
import { replacePassword } from './replacePassword';
import { requireStorablePassword, requireStrongPassword } from './requireStrongPassword';
import { deliveringTransaction } from '../delivery/deliveringTransaction';

/**
 * A new password for a user who proved the account another way (the current password, a live
 * session): refused as `reset_password`'s link would refuse it (`weak_password`,
 * `breached_password`), then stored with `replacePassword`'s rules.
 */
export async function changePassword(
  db: Db,
  project: ProjectConfig,
  input: {
    userId: string;
    email: string;
    password: string;
    now: Date;
    keepSessionId?: string | undefined;
    /** Read before the old password or the session allowing the change was checked. */
    ownerEpoch: OwnerEpoch;
  },
): Promise<void> {
  requireStorablePassword(input.password);
  requireStrongPassword(project, input.password, input.email);
  const hash = await hashPassword(input.password);
  await deliveringTransaction(db, (tx) =>
    replacePassword(tx, project, {
      userId: input.userId,
      hash,
      now: input.now,
      ownerEpoch: input.ownerEpoch,
      ...(input.keepSessionId === undefined ? {} : { keepSessionId: input.keepSessionId }),
    }),
  );
}
