import type { User } from '@latch/api';
import type { Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { toUser, userJsonSql, type UserJson } from './userJson';

/** Thrown when a session's user id names no user (deleted meanwhile): the session is gone with it. */
export class UserNotFoundError extends AuthError {
  constructor(userId: string) {
    super('session_not_found', `No user ${userId}: the session's user no longer exists.`);
    this.name = 'UserNotFoundError';
  }
}

const FIND_USER_SQL = `SELECT ${userJsonSql('$1')} AS user_json`;

/** The user in the `User` shape of `@latch/api`, or null: one statement, sub-lists included. */
export async function findUser(db: Queryable, userId: string): Promise<User | null> {
  const [row] = await db.query<{ user_json: UserJson | null }>(FIND_USER_SQL, [userId]);
  return row?.user_json ? toUser(row.user_json) : null;
}

const FIND_VERSIONED_USER_SQL = `SELECT u.version::text AS version, ${userJsonSql('$1')} AS user_json
  FROM users u WHERE u.user_id = $1`;

/** `findUser` with the user's version (`users.version`, which every change of the user moves). */
export async function findVersionedUser(
  db: Queryable,
  userId: string,
): Promise<{ user: User; version: string } | null> {
  const [row] = await db.query<{ version: string; user_json: UserJson }>(FIND_VERSIONED_USER_SQL, [userId]);
  return row ? { user: toUser(row.user_json), version: row.version } : null;
}

/** Like `findUser`, for ids the caller just read from a session or token: a missing user throws. */
export async function loadUser(db: Queryable, userId: string): Promise<User> {
  const user = await findUser(db, userId);
  if (!user) throw new UserNotFoundError(userId);
  return user;
}
