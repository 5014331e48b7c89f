import type { Queryable } from '../db/Db';
import type { ErrorType } from '@latch/api';

/**
 * Deletes a user of the project; its emails, phone numbers, passkeys, wallets, OAuth accounts,
 * sessions and pending tokens go with it (foreign keys cascade). False when there is no such user.
 */
export async function deleteUser(db: Queryable, projectId: string, userId: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM users WHERE project_id = $1 AND user_id = $2 RETURNING user_id', [
    projectId,
    userId,
  ]);
  return rows.length > 0;
}

/** The factor tables a backend may delete one row of, by the id the API names it with. */
export const USER_FACTORS = {
  email: { table: 'user_emails', id: 'email_id', notFound: 'email_not_found' },
  phone_number: { table: 'user_phone_numbers', id: 'phone_id', notFound: 'phone_number_not_found' },
  webauthn_registration: {
    table: 'webauthn_registrations',
    id: 'webauthn_registration_id',
    notFound: 'webauthn_registration_not_found',
  },
  crypto_wallet: {
    table: 'user_crypto_wallets',
    id: 'crypto_wallet_id',
    notFound: 'crypto_wallet_not_found',
  },
  oauth: {
    table: 'user_oauth_providers',
    id: 'oauth_user_registration_id',
    notFound: 'oauth_user_registration_not_found',
  },
} as const satisfies Record<string, { table: string; id: string; notFound: ErrorType }>;

export type UserFactor = keyof typeof USER_FACTORS;

// Table and column names come from `USER_FACTORS` above, never from a request.
const DELETE_FACTOR_SQL = Object.fromEntries(
  Object.entries(USER_FACTORS).map(([factor, { table, id }]) => [
    factor,
    `DELETE FROM ${table} WHERE project_id = $1 AND ${id} = $2 RETURNING user_id`,
  ]),
) as Record<UserFactor, string>;

/** Deletes one email, phone number, passkey, wallet or OAuth account of the project; answers its user's id, or null. */
export async function deleteUserFactor(
  db: Queryable,
  projectId: string,
  factor: UserFactor,
  id: string,
): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>(DELETE_FACTOR_SQL[factor], [projectId, id]);
  return row?.user_id ?? null;
}

/**
 * Removes a user's password, by its `password_id` (with what it carried: a required reset, the
 * failure counter, a lock); answers the user's id, or null when no user of the project has it.
 */
export async function deleteUserPassword(
  db: Queryable,
  projectId: string,
  passwordId: string,
): Promise<string | null> {
  const [row] = await db.query<{ user_id: string }>(
    `UPDATE users SET password_id = NULL, password_hash = NULL, password_requires_reset = false,
       failed_attempts = 0, locked_until = NULL
     WHERE project_id = $1 AND password_id = $2 RETURNING user_id`,
    [projectId, passwordId],
  );
  return row?.user_id ?? null;
}
