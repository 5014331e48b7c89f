import type { User } from '@latch/api';
import type { Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { toUser, userJsonSql, type UserJson } from './userJson';

// `pu`, not `u`: userJsonSql's own subquery names its row `u`.
const FIND_PROJECT_USER_SQL = `SELECT ${userJsonSql('pu.user_id')} AS user_json
  FROM users pu WHERE pu.project_id = $1 AND pu.user_id = $2`;

/** A user of this project (never another project's, whatever id the caller sends), or null. */
export async function findProjectUser(
  db: Queryable,
  projectId: string,
  userId: string,
): Promise<User | null> {
  const [row] = await db.query<{ user_json: UserJson | null }>(FIND_PROJECT_USER_SQL, [projectId, userId]);
  return row?.user_json ? toUser(row.user_json) : null;
}

export const userNotFound = (): AuthError =>
  new AuthError('user_not_found', 'No user of this project has this user_id.');

/** Like `findProjectUser`; an unknown id is 404 `user_not_found`. */
export async function requireProjectUser(db: Queryable, projectId: string, userId: string): Promise<User> {
  const user = await findProjectUser(db, projectId, userId);
  if (!user) throw userNotFound();
  return user;
}

/**
 * The user a backend path names: by `user_id`, or by the `external_id` the app gave it (Stytch's
 * rule: an external id goes wherever a user id does). An id that names no user is answered as given,
 * for the caller's own 404.
 */
export async function namedUserId(db: Queryable, projectId: string, id: string): Promise<string> {
  const [row] = await db.query<{ user_id: string }>(
    `SELECT user_id FROM users WHERE project_id = $1 AND (user_id = $2 OR external_id = $2)
     ORDER BY user_id = $2 DESC LIMIT 1`,
    [projectId, id],
  );
  return row?.user_id ?? id;
}
