import type { UserProvider } from '@latch/api';
import type { Queryable } from '../db/Db';

/** A user's social sign-in accounts, as `user.providers` lists them. */
export async function loadUserProviders(db: Queryable, userId: string): Promise<UserProvider[]> {
  return db.query<UserProvider & Record<string, unknown>>(
    `SELECT oauth_user_registration_id, provider_subject, provider_type, profile_picture_url, locale
     FROM user_oauth_providers WHERE user_id = $1 ORDER BY created_at, oauth_user_registration_id`,
    [userId],
  );
}
