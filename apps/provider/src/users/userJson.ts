import type { User } from '@latch/api';
import { REGISTRATION_JSON_FIELDS } from './webauthnRegistrations';

/** Output name → SQL expression, for `json_build_object`. Both are ours: never request input. */
export type JsonFields = readonly (readonly [name: string, sql: string])[];

export const jsonObjectSql = (fields: JsonFields): string =>
  `json_build_object(${fields.map(([name, sql]) => `'${name}', ${sql}`).join(', ')})`;

/** The user's rows of `table` as a JSON array (empty, never null), ordered by `order`. */
export const userRowsJsonSql = (
  table: string,
  fields: JsonFields,
  userIdSql: string,
  order: string,
): string =>
  `(SELECT coalesce(json_agg(${jsonObjectSql(fields)} ORDER BY ${order}), '[]'::json)
    FROM ${table} WHERE user_id = ${userIdSql})`;

const EMAIL_FIELDS: JsonFields = [
  ['email_id', 'email_id'],
  ['email', 'email'],
  ['verified', 'verified'],
];
const PHONE_FIELDS: JsonFields = [
  ['phone_id', 'phone_id'],
  ['phone_number', 'phone_number'],
  ['verified', 'verified'],
];
const PROVIDER_FIELDS: JsonFields = [
  ['oauth_user_registration_id', 'oauth_user_registration_id'],
  ['provider_subject', 'provider_subject'],
  ['provider_type', 'provider_type'],
  ['profile_picture_url', 'profile_picture_url'],
  ['locale', 'locale'],
];
const WALLET_FIELDS: JsonFields = [
  ['crypto_wallet_id', 'crypto_wallet_id'],
  ['crypto_wallet_address', 'crypto_wallet_address'],
  ['crypto_wallet_type', 'crypto_wallet_type'],
  ['verified', 'verified'],
];
/** What `userJsonSql` answers: the user's row and every sub-list, in one JSON value. */
export interface UserJson {
  user_id: string;
  /** PostgreSQL's JSON rendering of the timestamptz (ISO 8601 with offset, microseconds). */
  created_at: string;
  status: User['status'];
  name: User['name'];
  password_id: string | null;
  password_requires_reset: boolean;
  trusted_metadata: User['trusted_metadata'];
  untrusted_metadata: User['untrusted_metadata'];
  roles: User['roles'];
  external_id: string | null;
  emails: User['emails'];
  phone_numbers: User['phone_numbers'];
  providers: User['providers'];
  crypto_wallets: User['crypto_wallets'];
  webauthn_registrations: User['webauthn_registrations'];
}

/**
 * A scalar subquery answering the whole user named by `userIdSql` (a column or a parameter) as one
 * JSON value, or NULL when there is no such user. One statement instead of one per sub-list: on
 * embedded PGlite every statement is several protocol round trips, so this is most of a
 * sign-in's or a refresh's database cost.
 */
export const userJsonSql = (userIdSql: string): string =>
  `(SELECT ${jsonObjectSql([
    ['user_id', 'u.user_id'],
    ['created_at', 'u.created_at'],
    ['status', 'u.status'],
    ['name', 'u.name'],
    ['password_id', 'u.password_id'],
    ['password_requires_reset', 'u.password_requires_reset'],
    ['trusted_metadata', 'u.trusted_metadata'],
    ['untrusted_metadata', 'u.untrusted_metadata'],
    ['roles', 'u.roles'],
    ['external_id', 'u.external_id'],
    ['emails', userRowsJsonSql('user_emails', EMAIL_FIELDS, 'u.user_id', 'created_at, email_id')],
    [
      'phone_numbers',
      userRowsJsonSql('user_phone_numbers', PHONE_FIELDS, 'u.user_id', 'created_at, phone_id'),
    ],
    [
      'providers',
      userRowsJsonSql(
        'user_oauth_providers',
        PROVIDER_FIELDS,
        'u.user_id',
        'created_at, oauth_user_registration_id',
      ),
    ],
    [
      'crypto_wallets',
      userRowsJsonSql('user_crypto_wallets', WALLET_FIELDS, 'u.user_id', 'created_at, crypto_wallet_id'),
    ],
    [
      'webauthn_registrations',
      userRowsJsonSql(
        'webauthn_registrations',
        REGISTRATION_JSON_FIELDS,
        'u.user_id',
        'created_at, webauthn_registration_id',
      ),
    ],
  ])} FROM users u WHERE u.user_id = ${userIdSql})`;

/** The `@latch/api` `User` of a `userJsonSql` value. */
export const toUser = (json: UserJson): User => ({
  user_id: json.user_id,
  // Millisecond ISO with `Z`, as every other timestamp of the API.
  created_at: new Date(json.created_at).toISOString(),
  status: json.status,
  name: json.name,
  emails: json.emails,
  phone_numbers: json.phone_numbers,
  providers: json.providers,
  password: json.password_id
    ? { password_id: json.password_id, requires_reset: json.password_requires_reset }
    : null,
  crypto_wallets: json.crypto_wallets,
  webauthn_registrations: json.webauthn_registrations,
  totps: [],
  roles: json.roles,
  trusted_metadata: json.trusted_metadata,
  untrusted_metadata: json.untrusted_metadata,
  ...(json.external_id ? { external_id: json.external_id } : {}),
});
