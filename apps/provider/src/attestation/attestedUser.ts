import type { TrustedAuthTokenProfile } from '../config/trustedAuthTokenProfileSchema';
import type { Db } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import {
  activateUser,
  findEmail,
  findOrCreateUserByEmail,
  proveAddress,
  type ProjectRef,
  type RequestSession,
} from '../users';

export interface AttestedUser {
  user_id: string;
  email_id: string;
}

/**
 * The user the attested email belongs to; created when the profile allows just-in-time
 * provisioning, `email_not_found` (404) otherwise. The trusted issuer authenticated the person,
 * so a pending user becomes active; the address is proved (`proveAddress`: a first proof claims
 * the account) only when the profile says the issuer checks addresses.
 */
export async function attestedUser(
  db: Db,
  project: ProjectRef,
  profile: TrustedAuthTokenProfile,
  { email, requestSession, now }: { email: string; requestSession: RequestSession; now: Date },
): Promise<AttestedUser> {
  let user: AttestedUser;
  if (profile.can_jit_provision) {
    const found = await findOrCreateUserByEmail(db, project, email);
    user = { user_id: found.user_id, email_id: found.method_id };
  } else {
    const found = await findEmail(db, project.project_id, email);
    if (!found) {
      throw new AuthError(
        'email_not_found',
        `No user has the attested email address, and profile "${profile.profile_id}" cannot create users (can_jit_provision).`,
      );
    }
    user = { user_id: found.user_id, email_id: found.email_id };
  }
  const address = { emailId: user.email_id };
  const proven =
    profile.issuer_verifies_email &&
    (await proveAddress(db, { project, userId: user.user_id, address, requestSession, now }));
  if (!proven) await activateUser(db, user.user_id);
  return user;
}
