import type { ProjectConfig } from '../config/configSchema';
import { AuthError } from '../errors/AuthError';
import type { Services } from '../http/deps';
import { hashPassword, isBreached, needsRehash, verifyPassword } from '.';
import type { OwnerEpoch } from '../sessions/sessionRow';
import { findEmail, type EmailRecord } from '../users';
import { isLocked, lockedFailure, recordFailure, recordSuccess, reserveAttempt } from './passwordLock';
import { loadPasswordRecord, replaceHash } from './passwordRecord';
import { sendDefaultPasswordReset } from './startPasswordReset';

/**
 * `POST /passwords/authenticate` up to the session: the email's user, unless it is locked, has no
 * password, or the password is wrong. A right password that is breached or marked for reset
 * answers `reset_password` and the server emails a reset link itself, unless `forReset` (the
 * password is being replaced right now: `/passwords/existing_password/reset`). Answers the owner
 * epoch read with the hash, for the session (or new password) this login leads to.
 */
export async function checkPasswordLogin(
  services: Services,
  project: ProjectConfig,
  {
    email,
    password,
    now,
    forReset = false,
  }: { email: string; password: string; now: Date; forReset?: boolean },
): Promise<EmailRecord & { ownerEpoch: OwnerEpoch }> {
  const { db } = services;
  const found = await findEmail(db, project.project_id, email);
  const record = found && (await loadPasswordRecord(db, found.user_id));
  if (!found || !record) throw new AuthError('email_not_found', 'No user has this email address.');
  if (isLocked(record.locked_until, now)) throw lockedFailure(record.locked_until, now);
  if (!record.password_hash)
    throw new AuthError('no_user_password', 'This user has no password; log in another way or reset it.');

  const attempt = await reserveAttempt(db, found.user_id, now);
  if (!(await verifyPassword(password, record.password_hash))) {
    await recordFailure(db, found.user_id, attempt, now);
    throw new AuthError('unauthorized_credentials', 'The email or password is wrong.');
  }
  await recordSuccess(db, found.user_id);

  const login = { ...found, ownerEpoch: record.owner_epoch };
  if (forReset) return login;
  if (record.password_requires_reset || isBreached(password)) {
    await sendDefaultPasswordReset(services, project, found, now);
    throw new AuthError(
      'reset_password',
      'This password must be reset before it can be used; a reset link was emailed.',
    );
  }
  if (needsRehash(record.password_hash))
    await replaceHash(db, found.user_id, record.password_hash, await hashPassword(password));
  return login;
}
