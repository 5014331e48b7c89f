import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';

export interface ProviderAccount {
  oauth_user_registration_id: string;
  user_id: string;
  email_id: string | null;
}

/**
 * The user this provider account signs in as: the one linked before, or `userId` now linked.
 * Concurrent first sign-ins race on the unique key; both end up with the one stored row.
 */
export async function linkProviderAccount(
  db: Queryable,
  project: ProjectRef,
  a: {
    userId: string;
    providerType: string;
    providerSubject: string;
    emailId: string | null;
    /** The provider's current picture and locale; refreshed on every sign-in. */
    profilePictureUrl?: string;
    locale?: string;
  },
): Promise<ProviderAccount> {
  await db.query(
    `INSERT INTO user_oauth_providers
       (oauth_user_registration_id, user_id, project_id, provider_type, provider_subject, email_id,
        profile_picture_url, locale)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (project_id, provider_type, provider_subject) DO UPDATE
       SET profile_picture_url = EXCLUDED.profile_picture_url, locale = EXCLUDED.locale`,
    [
      newId('oauth-user-registration', project.test),
      a.userId,
      project.project_id,
      a.providerType,
      a.providerSubject,
      a.emailId,
      (a.profilePictureUrl ?? '').slice(0, 2048),
      (a.locale ?? '').slice(0, 64),
    ],
  );
  const found = await findProviderAccount(db, project.project_id, a.providerType, a.providerSubject);
  if (!found) throw new Error('user_oauth_providers: the linked row vanished');
  return found;
}

export async function findProviderAccount(
  db: Queryable,
  projectId: string,
  providerType: string,
  providerSubject: string,
): Promise<ProviderAccount | null> {
  const [row] = await db.query<ProviderAccount & Record<string, unknown>>(
    `SELECT oauth_user_registration_id, user_id, email_id FROM user_oauth_providers
     WHERE project_id = $1 AND provider_type = $2 AND provider_subject = $3`,
    [projectId, providerType, providerSubject],
  );
  return row ?? null;
}
