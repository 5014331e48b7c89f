import type { Queryable } from '../db/Db';
import type { EmailRecord, PhoneRecord } from './findUser';

/** The address proved reachable (a magic link or email code was used). */
export async function markEmailVerified(db: Queryable, emailId: string): Promise<void> {
  await db.query('UPDATE user_emails SET verified = true WHERE email_id = $1', [emailId]);
}

/** The number proved reachable (an SMS or WhatsApp code was used). */
export async function markPhoneVerified(db: Queryable, phoneId: string): Promise<void> {
  await db.query('UPDATE user_phone_numbers SET verified = true WHERE phone_id = $1', [phoneId]);
}

/** A pending user becomes active on its first successful authentication; active users are unchanged. */
export async function activateUser(db: Queryable, userId: string): Promise<void> {
  await db.query("UPDATE users SET status = 'active' WHERE user_id = $1 AND status = 'pending'", [userId]);
}

/**
 * `UPDATE ... RETURNING` of a proved identifier that also activates the pending user `$3` when the
 * identifier exists: one statement where a sign-in used three (find, mark, activate).
 */
const proveSql = (update: string, returning: string): string =>
  `WITH proved AS (${update} RETURNING ${returning}),
     activated AS (
       UPDATE users SET status = 'active'
       WHERE user_id = $3 AND status = 'pending' AND EXISTS (SELECT 1 FROM proved))
   SELECT * FROM proved`;

const PROVE_EMAIL_SQL = proveSql(
  'UPDATE user_emails SET verified = true WHERE project_id = $1 AND email_id = $2',
  'email_id, user_id, email, verified',
);
const PROVE_PHONE_SQL = proveSql(
  'UPDATE user_phone_numbers SET verified = true WHERE project_id = $1 AND phone_id = $2',
  'phone_id, user_id, phone_number, verified',
);

/**
 * A code sent to the project's address `emailId` came back: the address is verified and the
 * signing-in user, if pending, becomes active. Null (and nothing changed) when the project has no
 * such address.
 */
export async function proveEmail(
  db: Queryable,
  projectId: string,
  emailId: string,
  userId: string,
): Promise<EmailRecord | null> {
  const [row] = await db.query<EmailRecord>(PROVE_EMAIL_SQL, [projectId, emailId, userId]);
  return row ?? null;
}

/** `proveEmail` for a phone number (an SMS or WhatsApp code). */
export async function provePhone(
  db: Queryable,
  projectId: string,
  phoneId: string,
  userId: string,
): Promise<PhoneRecord | null> {
  const [row] = await db.query<PhoneRecord>(PROVE_PHONE_SQL, [projectId, phoneId, userId]);
  return row ?? null;
}
