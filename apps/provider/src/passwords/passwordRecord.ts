import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';
import type { OwnerEpoch } from '../sessions/sessionRow';
import type { ProjectRef } from '../users';

/** The password columns of a user (the hash never leaves the provider). */
export type PasswordRecord = {
  user_id: string;
  password_id: string | null;
  password_hash: string | null;
  password_requires_reset: boolean;
  locked_until: Date | null;
  /** Read with the hash: the login's session starts only while it is unchanged (`OwnerEpoch`). */
  owner_epoch: number;
};

export async function loadPasswordRecord(db: Queryable, userId: string): Promise<PasswordRecord | null> {
  const [row] = await db.query<PasswordRecord>(
    `SELECT user_id, password_id, password_hash, password_requires_reset, locked_until, owner_epoch
     FROM users WHERE user_id = $1`,
    [userId],
  );
  return row ?? null;
}

/**
 * Sets a new password hash (keeping the user's password_id when there is one) and clears what the
 * old one carried: a required reset, the failure counter and any lock. With `ownerEpoch` (read
 * before the old password or the session that allows the change was checked), only while the
 * epoch stands: a change under way when the address's owner claimed the account stores nothing.
 * Answers whether it stored the hash.
 */
export async function storePassword(
  db: Queryable,
  project: ProjectRef,
  userId: string,
  passwordHash: string,
  ownerEpoch?: OwnerEpoch,
): Promise<boolean> {
  const stored = await db.query(
    `UPDATE users SET password_id = COALESCE(password_id, $2), password_hash = $3,
       password_requires_reset = false, failed_attempts = 0, locked_until = NULL
     WHERE user_id = $1 AND ($4::integer IS NULL OR owner_epoch = $4)
     RETURNING 1`,
    [userId, newId('password', project.test), passwordHash, ownerEpoch ?? null],
  );
  return stored.length > 0;
}

/** Upgrades a hash after a good login, unless the password changed meanwhile. */
export async function replaceHash(
  db: Queryable,
  userId: string,
  oldHash: string,
  newHash: string,
): Promise<void> {
  await db.query('UPDATE users SET password_hash = $3 WHERE user_id = $1 AND password_hash = $2', [
    userId,
    oldHash,
    newHash,
  ]);
}
