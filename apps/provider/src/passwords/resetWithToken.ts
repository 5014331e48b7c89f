import type { ProjectConfig } from '../config/configSchema';
import type { Db } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { hashPassword } from '.';
import { findEmailById, proveAddressInTransaction, type EmailRecord, type RequestSession } from '../users';
import { replacePassword } from './replacePassword';
import { requireStorablePassword, requireStrongPassword } from './requireStrongPassword';
import { findResetToken, useResetToken } from './resetTokens';
import { deliveringTransaction } from '../delivery/deliveringTransaction';

const badResetToken = (): AuthError =>
  new AuthError('unable_to_auth_magic_link', 'The reset link was already used, expired, or is not valid.');

/**
 * `POST /passwords/email/reset` up to the session: uses the reset token once, proves the email
 * (`proveAddress`: a first proof claims the account, ending every session), sets the new password
 * (clearing a required reset, the failure counter and any lock), ends the user's sessions (unless
 * the project keeps them) and retires the user's other reset links. Answers the email the link was
 * sent to.
 */
export async function resetWithToken(
  db: Db,
  project: ProjectConfig,
  input: {
    token: string;
    password: string;
    codeVerifier?: string | undefined;
    requestSession: RequestSession;
    now: Date;
  },
): Promise<EmailRecord> {
  const { now } = input;
  requireStorablePassword(input.password);
  const ref = await findResetToken(db, {
    projectId: project.project_id,
    token: input.token,
    codeVerifier: input.codeVerifier,
    now,
  });
  const owner = ref && (await findEmailById(db, project.project_id, ref.emailId));
  if (!ref || owner?.user_id !== ref.userId) throw badResetToken();
  // Checked before the token is used, so a weak choice does not burn the link.
  requireStrongPassword(project, input.password, owner.email);
  const hash = await hashPassword(input.password);
  if (!(await useResetToken(db, ref.tokenId, now))) throw badResetToken();
  await deliveringTransaction(db, async (tx) => {
    // Proved first: a claim marks the password set before for reset, and this one replaces it.
    await proveAddressInTransaction(tx, {
      project,
      userId: ref.userId,
      address: { emailId: owner.email_id },
      requestSession: input.requestSession,
      now,
    });
    // The reset's own session comes after this.
    await replacePassword(tx, project, { userId: ref.userId, hash, now });
  });
  return owner;
}
