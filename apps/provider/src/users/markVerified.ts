import type { Queryable } from '../db/Db';

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
