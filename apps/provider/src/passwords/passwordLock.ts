import type { Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { addMinutes } from '../sessions';

/** Ten wrong passwords in a row lock password sign-in for 30 minutes (docs: user_lock_limit_reached). */
export const PASSWORD_MAX_FAILED_ATTEMPTS = 10;
export const PASSWORD_LOCK_MINUTES = 30;

export const isLocked = (lockedUntil: Date | string | null, now: Date): boolean =>
  lockedUntil !== null && new Date(lockedUntil).getTime() > now.getTime();

export const lockedFailure = (): AuthError =>
  new AuthError(
    'user_lock_limit_reached',
    `Too many failed password attempts: password sign-in is locked for ${PASSWORD_LOCK_MINUTES} minutes.`,
  );

async function lock(db: Queryable, userId: string, now: Date): Promise<void> {
  await db.query(
    `UPDATE users SET locked_until = $2, failed_attempts = 0
     WHERE user_id = $1 AND (locked_until IS NULL OR locked_until <= $3)`,
    [userId, addMinutes(now, PASSWORD_LOCK_MINUTES), now],
  );
}

/**
 * Counts an attempt *before* the slow hash check, so parallel guesses cannot outrun the limit.
 * Answers the attempt's number, or null when the user is locked (a counter left at the limit by a
 * crashed request becomes a lock, so it always expires).
 */
export async function reserveAttempt(db: Queryable, userId: string, now: Date): Promise<number | null> {
  const [row] = await db.query<{ failed_attempts: number }>(
    `UPDATE users SET failed_attempts = failed_attempts + 1
     WHERE user_id = $1 AND (locked_until IS NULL OR locked_until <= $2) AND failed_attempts < $3
     RETURNING failed_attempts`,
    [userId, now, PASSWORD_MAX_FAILED_ATTEMPTS],
  );
  if (row) return row.failed_attempts;
  await lock(db, userId, now);
  return null;
}

/** A wrong password; true when it was the attempt that locked the user. */
export async function recordFailure(
  db: Queryable,
  userId: string,
  attempt: number,
  now: Date,
): Promise<boolean> {
  if (attempt < PASSWORD_MAX_FAILED_ATTEMPTS) return false;
  await lock(db, userId, now);
  return true;
}

/** The right password: the run of failures ends (a lock set meanwhile by other requests stays). */
export async function recordSuccess(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET failed_attempts = 0 WHERE user_id = $1', [userId]);
}
