import { newId } from '../crypto/ids';
import type { Db, Queryable } from '../db/Db';
import { normalizeEmail } from './email';
import {
  createWithIdentifierCtes,
  EMAIL_INSERT,
  insertIdentifierSql,
  PHONE_INSERT,
  type IdentifierInsert,
} from './identifierInserts';
import { emitEvent, type EventProject } from '../webhooks/emitEvent';
import { withEvent } from '../webhooks/withEvent';
import { deliveringTransaction } from '../delivery/deliveringTransaction';

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
  /** Which identifier collided: `IdentifierInsert.column` (`email` or `phone_number`). */
  readonly identifier: string;

  constructor(what: string, identifier: string) {
    super(`${what} already belongs to a user of this project.`);
    this.name = 'DuplicateIdentifierError';
    this.identifier = identifier;
  }
}

async function insertIdentifier(
  tx: Queryable,
  sql: string,
  params: unknown[],
  insert: IdentifierInsert,
): Promise<string> {
  const [row] = await tx.query<{ id: string }>(sql, params);
  if (!row) throw new DuplicateIdentifierError(insert.what, insert.column);
  return row.id;
}

const createWithIdentifierSql = (insert: IdentifierInsert): string =>
  `WITH ${createWithIdentifierCtes(insert)} SELECT id FROM identifier`;
const CREATE_WITH_EMAIL_SQL = createWithIdentifierSql(EMAIL_INSERT);
const CREATE_WITH_PHONE_SQL = createWithIdentifierSql(PHONE_INSERT);

/** Creates a user with its (unverified) email and/or phone, all or nothing, and its `user.created` event. */
export async function createUser(db: Db, project: EventProject, input: NewUser): Promise<CreatedUser> {
  if (input.email === undefined && input.phone_number === undefined)
    throw new Error('createUser needs an email or a phone number');
  const now = new Date();
  const user_id = newId('user', project.test);
  const status = input.status ?? 'active';
  const email = input.email === undefined ? undefined : normalizeEmail(input.email);
  const phone = input.phone_number;
  if (email === undefined || phone === undefined) {
    // One identifier: one statement (see `createWithIdentifierCtes`).
    const [sql, insert, value] =
      email === undefined
        ? [CREATE_WITH_PHONE_SQL, PHONE_INSERT, phone ?? '']
        : [CREATE_WITH_EMAIL_SQL, EMAIL_INSERT, email];
    const params = [newId(insert.kind, project.test), user_id, project.project_id, value, now, status];
    const id = await withEvent(
      db,
      project,
      'user.created',
      (q) => insertIdentifier(q, sql, params, insert),
      () => [{ user_id }],
    );
    return { user_id, email_id: email === undefined ? null : id, phone_id: email === undefined ? id : null };
  }
  return deliveringTransaction(db, async (tx) => {
    await tx.query('INSERT INTO users (user_id, project_id, status, created_at) VALUES ($1, $2, $3, $4)', [
      user_id,
      project.project_id,
      status,
      now,
    ]);
    const row = (insert: IdentifierInsert, value: string) =>
      insertIdentifier(
        tx,
        insertIdentifierSql(insert),
        [newId(insert.kind, project.test), user_id, project.project_id, value, now],
        insert,
      );
    const created = {
      user_id,
      email_id: await row(EMAIL_INSERT, email),
      phone_id: await row(PHONE_INSERT, phone),
    };
    await emitEvent(tx, project, 'user.created', { user_id });
    return created;
  });
}
