import { newId } from '../crypto/ids';
import type { Db, Queryable } from '../db/Db';
import { normalizeEmail } from './email';
import { findEmail, findPhone } from './findUser';
import type { ProjectRef } from './project';

export type UserStatus = 'active' | 'pending';

/** At least one of `email` / `phone_number` (E.164); `status` defaults to active. */
export interface NewUser {
  email?: string;
  phone_number?: string;
  status?: UserStatus;
}

export interface CreatedUser {
  user_id: string;
  email_id: string | null;
  phone_id: string | null;
}

/** The address or number already belongs to a user of the project (a concurrent sign-up won). */
export class DuplicateIdentifierError extends Error {
  constructor(what: string) {
    super(`${what} already belongs to a user of this project.`);
    this.name = 'DuplicateIdentifierError';
  }
}

async function insertIdentifier(
  tx: Queryable,
  sql: string,
  params: unknown[],
  what: string,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(sql, params);
  if (!row) throw new DuplicateIdentifierError(what);
  return row.id;
}

/** Creates a user with its (unverified) email and/or phone in one transaction. */
export async function createUser(db: Db, project: ProjectRef, input: NewUser): Promise<CreatedUser> {
  if (input.email === undefined && input.phone_number === undefined)
    throw new Error('createUser needs an email or a phone number');
  const now = new Date();
  return db.transaction(async (tx) => {
    const user_id = newId('user', project.test);
    await tx.query('INSERT INTO users (user_id, project_id, status, created_at) VALUES ($1, $2, $3, $4)', [
      user_id,
      project.project_id,
      input.status ?? 'active',
      now,
    ]);
    const email_id =
      input.email === undefined
        ? null
        : await insertIdentifier(
            tx,
            `INSERT INTO user_emails (email_id, user_id, project_id, email, created_at) VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (project_id, email) DO NOTHING RETURNING email_id AS id`,
            [newId('email', project.test), user_id, project.project_id, normalizeEmail(input.email), now],
            'The email address',
          );
    const phone_id =
      input.phone_number === undefined
        ? null
        : await insertIdentifier(
            tx,
            `INSERT INTO user_phone_numbers (phone_id, user_id, project_id, phone_number, created_at)
             VALUES ($1, $2, $3, $4, $5)
             ON CONFLICT (project_id, phone_number) DO NOTHING RETURNING phone_id AS id`,
            [newId('phone-number', project.test), user_id, project.project_id, input.phone_number, now],
            'The phone number',
          );
    return { user_id, email_id, phone_id };
  });
}

export interface FoundOrCreated {
  user_id: string;
  /** The email_id or phone_id: the OTP `method_id`. */
  method_id: string;
  created: boolean;
  /** The user's status now: a pending user signs up, an active one logs in. */
  status: UserStatus;
}

const statusOf = async (db: Queryable, userId: string): Promise<UserStatus> =>
  (await db.query<{ status: UserStatus }>('SELECT status FROM users WHERE user_id = $1', [userId]))[0]
    ?.status ?? 'active';

/** The user owning `email`, created (with `status`) when there is none; safe against a concurrent sign-up. */
export async function findOrCreateUserByEmail(
  db: Db,
  project: ProjectRef,
  email: string,
  { status = 'active' }: { status?: UserStatus } = {},
): Promise<FoundOrCreated> {
  for (let attempt = 0; ; attempt++) {
    const found = await findEmail(db, project.project_id, email);
    if (found)
      return {
        user_id: found.user_id,
        method_id: found.email_id,
        created: false,
        status: await statusOf(db, found.user_id),
      };
    try {
      const user = await createUser(db, project, { email, status });
      return { user_id: user.user_id, method_id: user.email_id ?? '', created: true, status };
    } catch (error) {
      if (!(error instanceof DuplicateIdentifierError) || attempt > 0) throw error;
    }
  }
}

/** `findOrCreateUserByEmail` for an E.164 phone number. */
export async function findOrCreateUserByPhone(
  db: Db,
  project: ProjectRef,
  phoneNumber: string,
  { status = 'active' }: { status?: UserStatus } = {},
): Promise<FoundOrCreated> {
  for (let attempt = 0; ; attempt++) {
    const found = await findPhone(db, project.project_id, phoneNumber);
    if (found)
      return {
        user_id: found.user_id,
        method_id: found.phone_id,
        created: false,
        status: await statusOf(db, found.user_id),
      };
    try {
      const user = await createUser(db, project, { phone_number: phoneNumber, status });
      return { user_id: user.user_id, method_id: user.phone_id ?? '', created: true, status };
    } catch (error) {
      if (!(error instanceof DuplicateIdentifierError) || attempt > 0) throw error;
    }
  }
}
