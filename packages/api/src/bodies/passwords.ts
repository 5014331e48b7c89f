import * as v from 'valibot';
import { flag, integer, jsonObject, jsonRecord, oneOf, unsupported } from './fields';
import { codeChallenge, codeVerifier } from './pkce';
import { redirectUrl } from './redirectUrl';
import { backendSessionFields, signInSessionDuration } from './sessions';
import { text } from './text';
import { externalId, userName } from './users';

/** Stytch's bounds for `reset_password_expiration_minutes`; 30 when absent. */
export const RESET_EXPIRATION_MINUTES = { default: 30, min: 5, max: 10_080 } as const;

const email = () => text({ min: 1, max: 320 });
// Longer than any storable password (256 code points), so the precise check can name the limit.
const password = () => text({ max: 1024 });

export const usersSearchBody = jsonObject({ email: email() });

export const passwordStrengthCheckBody = jsonObject({
  email: v.exactOptional(text({ max: 320 })),
  password: password(),
});

/** Sign-up (`POST /passwords`) and log-in (`POST /passwords/authenticate`). */
export const passwordCredentialsBody = jsonObject({
  email: email(),
  password: password(),
  session_duration_minutes: signInSessionDuration(),
});

export const passwordResetStartBody = jsonObject({
  email: email(),
  login_redirect_url: redirectUrl(),
  reset_password_redirect_url: redirectUrl(),
  reset_password_expiration_minutes: v.exactOptional(
    integer(RESET_EXPIRATION_MINUTES.min, RESET_EXPIRATION_MINUTES.max),
  ),
  reset_password_template_id: v.exactOptional(text({ max: 256 })),
  locale: v.exactOptional(text({ max: 35 })),
  code_challenge: codeChallenge(),
});

export const passwordResetBody = jsonObject({
  token: text({ min: 1, max: 512 }),
  password: password(),
  session_duration_minutes: signInSessionDuration(),
  code_verifier: codeVerifier(),
});

/** `POST /v1/passwords/authenticate` (backend API). */
export const backendPasswordAuthenticateBody = jsonObject({
  email: email(),
  password: password(),
  ...backendSessionFields,
});

/** `POST /v1/passwords` (backend API): a new user with a password, its profile, and a session when asked. */
export const backendPasswordCreateBody = jsonObject({
  email: email(),
  password: password(),
  name: v.exactOptional(userName()),
  trusted_metadata: v.exactOptional(jsonRecord()),
  untrusted_metadata: v.exactOptional(jsonRecord()),
  ...backendSessionFields,
});

/** `POST /v1/passwords/email/reset` (backend API): the emailed token sets the password. */
export const backendPasswordResetBody = jsonObject({
  token: text({ min: 1, max: 512 }),
  password: password(),
  code_verifier: codeVerifier(),
  ...backendSessionFields,
});

/** `POST /v1/passwords/existing_password/reset`: the current password proves the account. */
export const backendExistingPasswordResetBody = jsonObject({
  email: email(),
  existing_password: password(),
  new_password: password(),
  ...backendSessionFields,
});

/** `POST /v1/passwords/session/reset`: a live session proves the account (by token or JWT). */
export const backendSessionPasswordResetBody = jsonObject({
  password: password(),
  ...backendSessionFields,
});

/** The hash types `POST /v1/passwords/migrate` takes, by the hosted API's names. */
export const PASSWORD_HASH_TYPES = [
  'bcrypt',
  'md_5',
  'sha_1',
  'sha_512',
  'argon_2i',
  'argon_2id',
  'scrypt',
  'pbkdf_2',
  'phpass',
] as const;
export type PasswordHashType = (typeof PASSWORD_HASH_TYPES)[number];

/** Salts around the password before a plain digest (MD5, SHA-1, SHA-512); each optional. */
export const saltedDigestConfig = () =>
  jsonObject({
    prepend_salt: v.exactOptional(text({ max: 256 }), ''),
    append_salt: v.exactOptional(text({ max: 256 }), ''),
  });

/*
 * Cost bounds: a migrated hash is checked at its user's next sign-in, so its parameters bound the
 * work one password guess costs this provider. Each is above what the hashing libraries' own
 * defaults and OWASP's recommendations use.
 */
export const argon2Config = () =>
  jsonObject({
    salt: text({ min: 1, max: 256 }),
    iteration_amount: integer(1, 16),
    memory: integer(8, 262_144),
    threads: integer(1, 16),
    key_length: integer(4, 256),
  });

export const scryptConfig = () =>
  jsonObject({
    salt: text({ min: 1, max: 512 }),
    n_parameter: integer(2, 262_144),
    r_parameter: integer(1, 32),
    p_parameter: integer(1, 16),
    key_length: integer(16, 256),
  });

export const pbkdf2Config = () =>
  jsonObject({
    salt: text({ min: 1, max: 512 }),
    iteration_amount: integer(1, 10_000_000),
    key_length: integer(16, 256),
    algorithm: v.exactOptional(oneOf(['sha1', 'sha256', 'sha512']), 'sha256'),
  });

/** The hash and whichever configuration its type reads: the part of a migration the hash check needs. */
export const migratedHashFields = {
  hash: text({ min: 1, max: 1024 }),
  hash_type: oneOf(PASSWORD_HASH_TYPES),
  md_5_config: v.exactOptional(saltedDigestConfig()),
  sha_1_config: v.exactOptional(saltedDigestConfig()),
  sha_512_config: v.exactOptional(saltedDigestConfig()),
  argon_2_config: v.exactOptional(argon2Config()),
  scrypt_config: v.exactOptional(scryptConfig()),
  pbkdf_2_config: v.exactOptional(pbkdf2Config()),
};

/** A migrated hash as stored until its user's first sign-in replaces it. */
export const migratedHashSchema = jsonObject(migratedHashFields);
export type MigratedHashFields = v.InferOutput<typeof migratedHashSchema>;

/** `POST /v1/passwords/migrate`: a password hash from another system, for a new or passwordless user. */
export const backendPasswordMigrateBody = jsonObject({
  email: email(),
  ...migratedHashFields,
  trusted_metadata: v.exactOptional(jsonRecord()),
  untrusted_metadata: v.exactOptional(jsonRecord()),
  set_email_verified: v.exactOptional(flag()),
  name: v.exactOptional(userName()),
  phone_number: v.exactOptional(text({ min: 1, max: 32 })),
  set_phone_number_verified: v.exactOptional(flag()),
  external_id: v.exactOptional(externalId()),
  roles: unsupported(),
});
