import type { User, UserEmail, UserName, UserPhoneNumber } from '@latch/api';
import type { Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { loadUserCryptoWallets } from './cryptoWallets';
import { loadUserProviders } from './oauthProviders';
import { loadWebAuthnRegistrations } from './webauthnRegistrations';

type UserRow = {
  user_id: string;
  status: 'active' | 'pending';
  name: UserName;
  password_id: string | null;
  password_requires_reset: boolean;
  trusted_metadata: Record<string, unknown>;
  untrusted_metadata: Record<string, unknown>;
  roles: string[];
  created_at: Date;
};

/** Thrown when a session's user id names no user (deleted meanwhile): the session is gone with it. */
export class UserNotFoundError extends AuthError {
  constructor(userId: string) {
    super('session_not_found', `No user ${userId}: the session's user no longer exists.`);
    this.name = 'UserNotFoundError';
  }
}

/** The user in the API.md `User` shape, or null. Every sub-list is one query of its own. */
export async function findUser(db: Queryable, userId: string): Promise<User | null> {
  const [row] = await db.query<UserRow>(
    `SELECT user_id, status, name, password_id, password_requires_reset, trusted_metadata,
            untrusted_metadata, roles, created_at
     FROM users WHERE user_id = $1`,
    [userId],
  );
  if (!row) return null;
  const [emails, phone_numbers, webauthn_registrations, providers, crypto_wallets] = await Promise.all([
    db.query<UserEmail & Record<string, unknown>>(
      'SELECT email_id, email, verified FROM user_emails WHERE user_id = $1 ORDER BY created_at, email_id',
      [userId],
    ),
    db.query<UserPhoneNumber & Record<string, unknown>>(
      `SELECT phone_id, phone_number, verified FROM user_phone_numbers
       WHERE user_id = $1 ORDER BY created_at, phone_id`,
      [userId],
    ),
    loadWebAuthnRegistrations(db, userId),
    loadUserProviders(db, userId),
    loadUserCryptoWallets(db, userId),
  ]);
  return {
    user_id: row.user_id,
    created_at: new Date(row.created_at).toISOString(),
    status: row.status,
    name: row.name,
    emails,
    phone_numbers,
    providers,
    password: row.password_id
      ? { password_id: row.password_id, requires_reset: row.password_requires_reset }
      : null,
    crypto_wallets,
    webauthn_registrations,
    totps: [],
    roles: row.roles,
    trusted_metadata: row.trusted_metadata,
    untrusted_metadata: row.untrusted_metadata,
  };
}

/** Like `findUser`, for ids the caller just read from a session or token: a missing user throws. */
export async function loadUser(db: Queryable, userId: string): Promise<User> {
  const user = await findUser(db, userId);
  if (!user) throw new UserNotFoundError(userId);
  return user;
}
