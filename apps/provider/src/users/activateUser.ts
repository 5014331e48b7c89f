import type { Queryable } from '../db/Db';

/** A pending user becomes active on its first successful authentication; active users are unchanged. */
export async function activateUser(db: Queryable, userId: string): Promise<void> {
  await db.query("UPDATE users SET status = 'active' WHERE user_id = $1 AND status = 'pending'", [userId]);
}
