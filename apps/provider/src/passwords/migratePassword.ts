import type { MigratedHashFields, User, UserName } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import type { Db } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { findEmail, proveAddressInTransaction, requireEmail } from '../users';
import { createUserWithProfile } from '../users/createUserWithProfile';
import { requireProjectUser } from '../users/projectUser';
import { formatMigratedHash } from './migrated/storedMigratedHash';
import { replacePassword } from './replacePassword';
import { deliveringTransaction } from '../delivery/deliveringTransaction';

export interface PasswordMigration extends MigratedHashFields {
  email: string;
  trusted_metadata?: Record<string, unknown> | undefined;
  untrusted_metadata?: Record<string, unknown> | undefined;
  set_email_verified?: boolean | undefined;
  name?: Partial<UserName> | undefined;
  phone_number?: string | undefined;
  set_phone_number_verified?: boolean | undefined;
  external_id?: string | undefined;
}

export interface MigratedPassword {
  user_id: string;
  email_id: string;
  user_created: boolean;
  user: User;
}

/**
 * `POST /v1/passwords/migrate`: a password hash from another system becomes the password of the
 * email's user (created, with the profile given, when there is none; an existing user keeps its
 * profile). The hash is checked now (`invalid_field`) and at the user's first sign-in, which
 * replaces it with this provider's own. `set_email_verified` is the app's word that the address
 * is its user's: it counts as the address's proof, with what a first proof takes from an account
 * no one owned (`proveAddress`), before the migrated password is stored.
 */
export async function migratePassword(
  db: Db,
  project: ProjectConfig,
  input: PasswordMigration,
): Promise<MigratedPassword> {
  const email = requireEmail(input.email);
  const hash = formatMigratedHash(input);
  const now = new Date();
  const existing = await findEmail(db, project.project_id, email);
  const created = existing
    ? null
    : await createUserWithProfile(db, project, {
        email,
        phone_number: input.phone_number,
        name: input.name,
        trusted_metadata: input.trusted_metadata,
        untrusted_metadata: input.untrusted_metadata,
        external_id: input.external_id,
      }).catch((error: unknown) => {
        // Another request created the email's user meanwhile: this one migrates onto it again.
        if (error instanceof AuthError && error.error_type === 'duplicate_email') return null;
        throw error;
      });
  const owner = created?.email_id
    ? { user_id: created.user_id, email_id: created.email_id }
    : (existing ?? (await findEmail(db, project.project_id, email)));
  if (!owner) throw new AuthError('email_not_found', 'No user has this email address.');
  await deliveringTransaction(db, async (tx) => {
    const proof = { project, userId: owner.user_id, requestSession: {}, now };
    if (input.set_email_verified)
      await proveAddressInTransaction(tx, { ...proof, address: { emailId: owner.email_id } });
    if (input.set_phone_number_verified && created?.phone_id)
      await proveAddressInTransaction(tx, { ...proof, address: { phoneId: created.phone_id } });
    await replacePassword(tx, project, { userId: owner.user_id, hash, now });
  });
  return {
    user_id: owner.user_id,
    email_id: owner.email_id,
    user_created: created !== null,
    user: await requireProjectUser(db, project.project_id, owner.user_id),
  };
}
