import { newId } from '../crypto/ids';
import type { Db } from '../db/Db';
import type { UserStatus } from './createUser';
import { normalizeEmail } from './email';
import {
  createWithIdentifierCtes,
  EMAIL_INSERT,
  PHONE_INSERT,
  type IdentifierInsert,
} from './identifierInserts';
import type { EventProject } from '../webhooks/emitEvent';
import { withEvent } from '../webhooks/withEvent';

export interface FoundOrCreated {
  user_id: string;
  /** The email_id or phone_id: the OTP `method_id`. */
  method_id: string;
  created: boolean;
  /** The user's status now: a pending user signs up, an active one logs in. */
  status: UserStatus;
}

/**
 * One statement for a sign-in's first step: the owner of the identifier `$4` in project `$3` with
 * its status, or else a new user (`$2`, status `$6`) created with it (`createWithIdentifierCtes`).
 * No row when a concurrent sign-up created the same identifier first: it is not in this statement's
 * snapshot, and its insert did nothing here.
 */
const findOrCreateSql = (insert: IdentifierInsert): string =>
  `WITH found AS (
     SELECT i.${insert.id} AS id, i.user_id, u.status FROM ${insert.table} i
     JOIN users u ON u.user_id = i.user_id WHERE i.project_id = $3 AND i.${insert.column} = $4),
   ${createWithIdentifierCtes(insert, ' WHERE NOT EXISTS (SELECT 1 FROM found)')}
   SELECT id AS method_id, user_id, status, false AS created FROM found
   UNION ALL SELECT id, $2, $6, true FROM identifier`;

const BY_EMAIL_SQL = findOrCreateSql(EMAIL_INSERT);
const BY_PHONE_SQL = findOrCreateSql(PHONE_INSERT);

async function findOrCreate(
  db: Db,
  project: EventProject,
  [sql, insert]: readonly [string, IdentifierInsert],
  value: string,
  status: UserStatus,
): Promise<FoundOrCreated> {
  // A second try reads what the concurrent sign-up committed.
  for (let attempt = 0; attempt < 2; attempt++) {
    const params = [
      newId(insert.kind, project.test),
      newId('user', project.test),
      project.project_id,
      value,
      new Date(),
      status,
    ];
    const [row] = await withEvent(
      db,
      project,
      'user.created',
      (q) => q.query<FoundOrCreated & Record<string, unknown>>(sql, params),
      (rows) => rows.filter((r) => r.created).map((r) => ({ user_id: r.user_id })),
    );
    if (row)
      return { user_id: row.user_id, method_id: row.method_id, created: row.created, status: row.status };
  }
  throw new Error(`${insert.what} of a concurrent sign-up is neither found nor creatable.`);
}

/** The user owning `email`, created (with `status`) when there is none; safe against a concurrent sign-up. */
export function findOrCreateUserByEmail(
  db: Db,
  project: EventProject,
  email: string,
  { status = 'active' }: { status?: UserStatus } = {},
): Promise<FoundOrCreated> {
  return findOrCreate(db, project, [BY_EMAIL_SQL, EMAIL_INSERT], normalizeEmail(email), status);
}

/** `findOrCreateUserByEmail` for an E.164 phone number. */
export function findOrCreateUserByPhone(
  db: Db,
  project: EventProject,
  phoneNumber: string,
  { status = 'active' }: { status?: UserStatus } = {},
): Promise<FoundOrCreated> {
  return findOrCreate(db, project, [BY_PHONE_SQL, PHONE_INSERT], phoneNumber, status);
}
