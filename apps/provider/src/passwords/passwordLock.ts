import type { Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { addMinutes } from '../sessions';

/** Ten wrong passwords in a row lock password sign-in for 30 minutes (docs: user_lock_limit_reached). */
export const PASSWORD_MAX_FAILED_ATTEMPTS = 10;
export const PASSWORD_LOCK_MINUTES = 30;

export const isLocked = (lockedUntil: Date | string | null, now: Date): lockedUntil is Date | string =>
  lockedUntil !== null && new Date(lockedUntil).getTime() > now.getTime();

/** The lock's refusal, with the time it still holds as `Retry-After`. */
export function lockedFailure(lockedUntil: Date | string, now: Date): AuthError {
  const seconds = Math.max(1, Math.ceil((new Date(lockedUntil).getTime() - now.getTime()) / 1000));
  return new AuthError(
    'user_lock_limit_reached',
    `Too many failed password attempts: password sign-in is locked for ${Math.ceil(seconds / 60)} more minutes.`,
    { retryAfterSeconds: seconds },
  );
}

/** Locks the user unless a lock already holds; answers the lock's end either way. */
async function lock(db: Queryable, userId: string, now: Date): Promise<Date | string> {
  const [row] = await db.query<{ locked_until: Date | string }>(
    `UPDATE users SET
       locked_until = CASE WHEN locked_until IS NULL OR locked_until <= $3 THEN $2 ELSE locked_until END,
       failed_attempts = CASE WHEN locked_until IS NULL OR locked_until <= $3 THEN 0 ELSE failed_attempts END
     WHERE user_id = $1 RETURNING locked_until`,
    [userId, addMinutes(now, PASSWORD_LOCK_MINUTES), now],
  );
  return row?.locked_until ?? addMinutes(now, PASSWORD_LOCK_MINUTES);
}

/**
 * Counts an attempt *before* the slow hash check, so parallel guesses cannot outrun the limit.
 * Answers the attempt's number; throws `user_lock_limit_reached` when the user is locked (a
 * counter left at the limit by a crashed request becomes a lock, so it always expires).
 */
export async function reserveAttempt(db: Queryable, userId: string, now: Date): Promise<number> {
  const [row] = await db.query<{ failed_attempts: number }>(
    `UPDATE users SET failed_attempts = failed_attempts + 1
     WHERE user_id = $1 AND (locked_until IS NULL OR locked_until <= $2) AND failed_attempts < $3
     RETURNING failed_attempts`,
    [userId, now, PASSWORD_MAX_FAILED_ATTEMPTS],
  );
  if (row) return row.failed_attempts;
  throw lockedFailure(await lock(db, userId, now), now);
}

/** A wrong password; throws `user_lock_limit_reached` when it was the attempt that locked the user. */
export async function recordFailure(
  db: Queryable,
  userId: string,
  attempt: number,
  now: Date,
): Promise<void> {
  if (attempt < PASSWORD_MAX_FAILED_ATTEMPTS) return;
  throw lockedFailure(await lock(db, userId, now), now);
}

/** The right password: the run of failures ends (a lock set meanwhile by other requests stays). */
export async function recordSuccess(db: Queryable, userId: string): Promise<void> {
  await db.query('UPDATE users SET failed_attempts = 0 WHERE user_id = $1', [userId]);
}
