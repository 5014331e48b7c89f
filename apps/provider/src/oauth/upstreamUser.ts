import { newId } from '../crypto/ids';
import type { Db } from '../db/Db';
import { findEmail, findOrCreateUserByEmail, normalizeEmail, parseEmail } from '../users';
import { emitEvent, type EventProject } from '../webhooks/emitEvent';
import { findProviderAccount, linkProviderAccount, type ProviderAccount } from './providerAccounts';
import type { UpstreamProfile } from './upstreamProfile';
import { deliveringTransaction } from '../delivery/deliveringTransaction';

export interface UpstreamUser {
  account: ProviderAccount;
  /** A new Latch user: the visitor lands on the signup redirect URL. */
  created: boolean;
  /** The user's email the provider says is verified, proved when the sign-in's token is redeemed. */
  verifiedEmailId: string | null;
}

const nameJson = (p: UpstreamProfile) =>
  JSON.stringify({
    first_name: p.givenName.slice(0, 256),
    middle_name: '',
    last_name: p.familyName.slice(0, 256),
  });

/** A second sign-in of the same account that raced this one linked it first. */
class AlreadyLinked extends Error {}

/**
 * A new user for an account whose address cannot be trusted (unverified, or none): the address is
 * kept unverified when no one in the project has it, and never joins another user's account.
 */
async function createUnlinkedUser(
  db: Db,
  project: EventProject,
  type: string,
  p: UpstreamProfile,
): Promise<UpstreamUser> {
  try {
    return await deliveringTransaction(db, async (tx) => {
      const userId = newId('user', project.test);
      await tx.query(
        `INSERT INTO users (user_id, project_id, status, name) VALUES ($1, $2, 'active', $3::jsonb)`,
        [userId, project.project_id, nameJson(p)],
      );
      let emailId: string | null = null;
      if (p.email) {
        const [row] = await tx.query<{ email_id: string }>(
          `INSERT INTO user_emails (email_id, user_id, project_id, email) VALUES ($1, $2, $3, $4)
           ON CONFLICT (project_id, email) DO NOTHING RETURNING email_id`,
          [newId('email', project.test), userId, project.project_id, normalizeEmail(p.email)],
        );
        emailId = row?.email_id ?? null;
      }
      const [linked] = await tx.query<{ id: string }>(
        `INSERT INTO user_oauth_providers
           (oauth_user_registration_id, user_id, project_id, provider_type, provider_subject, email_id, profile_picture_url, locale)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
         ON CONFLICT (project_id, provider_type, provider_subject) DO NOTHING RETURNING oauth_user_registration_id AS id`,
        [
          newId('oauth-user-registration', project.test),
          userId,
          project.project_id,
          type,
          p.subject,
          emailId,
          p.picture,
          p.locale,
        ],
      );
      if (!linked) throw new AlreadyLinked();
      await emitEvent(tx, project, 'user.created', { user_id: userId });
      return {
        account: { oauth_user_registration_id: linked.id, user_id: userId, email_id: emailId },
        created: true,
        verifiedEmailId: null,
      };
    });
  } catch (error) {
    if (!(error instanceof AlreadyLinked)) throw error;
    const account = await findProviderAccount(db, project.project_id, type, p.subject);
    if (!account) throw new Error('user_oauth_providers: the concurrent link vanished');
    return { account, created: false, verifiedEmailId: null };
  }
}

/**
 * The Latch user an upstream account signs in as (docs/oauth.md "Linking rules"):
 * 1. the user this provider account (type + subject) was linked to before;
 * 2. else, when the provider says the address is verified, the user with that address (created if
 *    none);
 * 3. else a new user. An unverified or missing address never reaches another user's account.
 * An address the provider says is verified and that is the account's own is proved when the
 * sign-in's token is redeemed (`verifiedEmailId`), where the request's session is known.
 */
export async function upstreamUser(
  db: Db,
  project: EventProject,
  type: string,
  profile: UpstreamProfile,
): Promise<UpstreamUser> {
  // Whatever the provider sent must still be an address to be kept.
  const email = profile.email ? parseEmail(profile.email.slice(0, 320)) : null;
  const p = { ...profile, email, emailVerified: email !== null && profile.emailVerified };
  const known = await findProviderAccount(db, project.project_id, type, p.subject);
  if (known) {
    const account = await linkProviderAccount(db, project, {
      userId: known.user_id,
      providerType: type,
      providerSubject: p.subject,
      emailId: known.email_id,
      profilePictureUrl: p.picture,
      locale: p.locale,
    });
    const linkedEmail = p.email && p.emailVerified && (await findEmail(db, project.project_id, p.email));
    const verifiedEmailId =
      linkedEmail && linkedEmail.email_id === known.email_id ? linkedEmail.email_id : null;
    return { account, created: false, verifiedEmailId };
  }
  if (p.email && p.emailVerified) {
    const user = await findOrCreateUserByEmail(db, project, p.email);
    if (user.created) {
      await db.query('UPDATE users SET name = $2::jsonb WHERE user_id = $1', [user.user_id, nameJson(p)]);
    }
    const account = await linkProviderAccount(db, project, {
      userId: user.user_id,
      providerType: type,
      providerSubject: p.subject,
      emailId: user.method_id,
      profilePictureUrl: p.picture,
      locale: p.locale,
    });
    return {
      account,
      created: user.created && account.user_id === user.user_id,
      verifiedEmailId: user.method_id,
    };
  }
  return createUnlinkedUser(db, project, type, p);
}
