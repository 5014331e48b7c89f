import type { Db } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import { createUser, DuplicateIdentifierError, type CreatedUser } from './createUser';
import { requireEmail } from './email';
import { requirePhoneNumber } from './phone';
import type { EventProject } from '../webhooks/emitEvent';
import { updateUser, type UserChanges } from './updateUser';

export interface NewUserWithProfile extends UserChanges {
  email?: string | undefined;
  phone_number?: string | undefined;
  pending?: boolean | undefined;
}

/**
 * A user created by the app's backend: an email and/or an E.164 phone number (unverified), active
 * or pending, with a name and metadata. A taken email or number is `duplicate_email` /
 * `duplicate_phone_number`; neither given is `invalid_field`.
 */
export async function createUserWithProfile(
  db: Db,
  project: EventProject,
  input: NewUserWithProfile,
): Promise<CreatedUser> {
  const email = input.email === undefined ? undefined : requireEmail(input.email);
  const phone = input.phone_number === undefined ? undefined : requirePhoneNumber(input.phone_number);
  if (email === undefined && phone === undefined) {
    throw new AuthError('invalid_field', 'email or phone_number is required to create a user.');
  }
  const created = await createUser(db, project, {
    ...(email === undefined ? {} : { email }),
    ...(phone === undefined ? {} : { phone_number: phone }),
    status: input.pending ? 'pending' : 'active',
  }).catch((error: unknown) => {
    if (error instanceof DuplicateIdentifierError) {
      throw error.identifier === 'email'
        ? new AuthError('duplicate_email', 'A user with this email already exists.')
        : new AuthError('duplicate_phone_number', 'A user with this phone number already exists.');
    }
    throw error;
  });
  const { name, trusted_metadata, untrusted_metadata, external_id } = input;
  if (name || trusted_metadata || untrusted_metadata || external_id) {
    // The user row exists from here on: the profile is one more statement on it.
    const profile = { name, trusted_metadata, untrusted_metadata, external_id };
    await updateUser(db, project.project_id, created.user_id, profile).catch(async (error: unknown) => {
      // A taken external_id refuses the whole creation: the user just made goes again.
      await db.query('DELETE FROM users WHERE user_id = $1', [created.user_id]);
      throw error;
    });
  }
  return created;
}
