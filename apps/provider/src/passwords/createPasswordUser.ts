import type { ProjectConfig } from '../config/configSchema';
import { AuthError } from '../errors/AuthError';
import type { Services } from '../http/deps';
import { hashPassword } from '.';
import { createUser, DuplicateIdentifierError, findEmail, type CreatedUser } from '../users';
import { loadPasswordRecord, storePassword } from './passwordRecord';
import { requireStorablePassword, requireStrongPassword } from './requireStrongPassword';
import { sendDefaultPasswordReset } from './startPasswordReset';

const duplicate = (message: string): AuthError => new AuthError('duplicate_email', message);

/** An address that already has a user cannot be claimed with a password by whoever types it. */
async function refuseExistingUser(services: Services, project: ProjectConfig, email: string): Promise<void> {
  const existing = await findEmail(services.db, project.project_id, email);
  if (!existing) return;
  if ((await loadPasswordRecord(services.db, existing.user_id))?.password_hash)
    throw duplicate('A user with this email already has a password; log in instead.');
  // A passwordless account: its owner proves the address through a reset link first.
  await sendDefaultPasswordReset(services, project, existing, new Date());
  throw new AuthError(
    'reset_password',
    'This email already has an account; a link to set a password was emailed.',
  );
}

/**
 * `POST /passwords` up to the session: a new user with this (unverified) email and a strong
 * password, or `weak_password` / `breached_password` / `duplicate_email` / `reset_password`.
 */
export async function createPasswordUser(
  services: Services,
  project: ProjectConfig,
  { email, password }: { email: string; password: string },
): Promise<CreatedUser> {
  requireStorablePassword(password);
  requireStrongPassword(project, password, email);
  await refuseExistingUser(services, project, email);
  const hash = await hashPassword(password);
  const created = await createUser(services.db, project, { email }).catch((error: unknown) => {
    if (error instanceof DuplicateIdentifierError)
      throw duplicate('A user with this email was just created; log in instead.');
    throw error;
  });
  await storePassword(services.db, project, created.user_id, hash);
  return created;
}
