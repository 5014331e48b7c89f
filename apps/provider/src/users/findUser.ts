import type { Queryable } from '../db/Db';
import { normalizeEmail } from './email';

/** A user's email row; `email_id` is the OTP `method_id` and the magic link factor id. */
export type EmailRecord = { email_id: string; user_id: string; email: string; verified: boolean };
/** A user's phone row; `phone_id` is the SMS/WhatsApp OTP `method_id`. */
export type PhoneRecord = { phone_id: string; user_id: string; phone_number: string; verified: boolean };

/** The email row for an address in a project (matched trimmed and lower-cased), or null. */
export async function findEmail(
  db: Queryable,
  projectId: string,
  email: string,
): Promise<EmailRecord | null> {
  const [row] = await db.query<EmailRecord>(
    'SELECT email_id, user_id, email, verified FROM user_emails WHERE project_id = $1 AND email = $2',
    [projectId, normalizeEmail(email)],
  );
  return row ?? null;
}

export async function findEmailById(
  db: Queryable,
  projectId: string,
  emailId: string,
): Promise<EmailRecord | null> {
  const [row] = await db.query<EmailRecord>(
    'SELECT email_id, user_id, email, verified FROM user_emails WHERE project_id = $1 AND email_id = $2',
    [projectId, emailId],
  );
  return row ?? null;
}

/** The phone row for an E.164 number in a project, or null. */
export async function findPhone(
  db: Queryable,
  projectId: string,
  phoneNumber: string,
): Promise<PhoneRecord | null> {
  const [row] = await db.query<PhoneRecord>(
    `SELECT phone_id, user_id, phone_number, verified FROM user_phone_numbers
     WHERE project_id = $1 AND phone_number = $2`,
    [projectId, phoneNumber],
  );
  return row ?? null;
}

export async function findPhoneById(
  db: Queryable,
  projectId: string,
  phoneId: string,
): Promise<PhoneRecord | null> {
  const [row] = await db.query<PhoneRecord>(
    `SELECT phone_id, user_id, phone_number, verified FROM user_phone_numbers
     WHERE project_id = $1 AND phone_id = $2`,
    [projectId, phoneId],
  );
  return row ?? null;
}

export const findUserIdByEmail = async (
  db: Queryable,
  projectId: string,
  email: string,
): Promise<string | null> => (await findEmail(db, projectId, email))?.user_id ?? null;

export const findUserIdByPhone = async (
  db: Queryable,
  projectId: string,
  phoneNumber: string,
): Promise<string | null> => (await findPhone(db, projectId, phoneNumber))?.user_id ?? null;
