import { sha256Hex } from '../crypto/hash';
import type { Db, Queryable } from '../db/Db';
import { revokeUserSessions } from '../sessions/authenticateSession';
import type { EventProject } from '../webhooks/emitEvent';

/** The address a sign-in reached: one of the user's emails or phone numbers, by id. */
export type ReachedAddress = { emailId: string } | { phoneId: string };

/** The session a sign-in request carries: the SDK's session token, or the one a backend call names. */
export interface RequestSession {
  sessionToken?: string | null | undefined;
  sessionId?: string | undefined;
}

export interface AddressProof {
  project: EventProject;
  userId: string;
  address: ReachedAddress;
  requestSession: RequestSession;
  /** The OAuth link the sign-in proves through: the one link a claim keeps. */
  oauthRegistrationId?: string | undefined;
  now: Date;
}

export type ProvenAddress = {
  /** The email_id or phone_id. */
  id: string;
  /** The email address or E.164 number. */
  value: string;
  /**
   * This proof made its prover the owner of an account someone may have held before (it had a
   * session, a password or a credential): all of them are gone.
   */
  claimed: boolean;
};

/**
 * Read before the address is marked: whether the user had a verified address (`owned`) and whether
 * the request's session ($4 token hash or $5 id) is a live one of the user (`held`). Then the
 * user's address is marked verified and a pending user activated; `claims` when neither held.
 */
const proveSql = (table: string, id: string, value: string): string =>
  `WITH before AS (
     SELECT EXISTS (SELECT 1 FROM user_emails WHERE user_id = $3 AND verified)
         OR EXISTS (SELECT 1 FROM user_phone_numbers WHERE user_id = $3 AND verified) AS owned,
       EXISTS (SELECT 1 FROM sessions
         WHERE project_id = $1 AND user_id = $3 AND (token_hash = $4 OR session_id = $5)
           AND revoked_at IS NULL AND expires_at > $6) AS held),
   proved AS (
     UPDATE ${table} SET verified = true WHERE project_id = $1 AND ${id} = $2 AND user_id = $3
     RETURNING ${id} AS id, ${value} AS value),
   activated AS (
     UPDATE users SET status = 'active'
     WHERE user_id = $3 AND status = 'pending' AND EXISTS (SELECT 1 FROM proved))
   SELECT proved.id, proved.value, NOT (before.owned OR before.held) AS claims FROM proved, before`;

const PROVE_EMAIL_SQL = proveSql('user_emails', 'email_id', 'email');
const PROVE_PHONE_SQL = proveSql('user_phone_numbers', 'phone_id', 'phone_number');

/**
 * What a claim takes from the account besides its sessions, and whether it took something: the
 * password must be reset; passkeys, wallets and OAuth links but $2 are removed; identity-provider
 * grants end. Whoever held the account before its owner proved an address may have set any of them.
 * The owner epoch moves, so a credential sign-in under way starts no session (`OwnerEpoch`).
 */
const CLAIM_SQL = `WITH password AS (
     UPDATE users SET owner_epoch = owner_epoch + 1,
       password_requires_reset = password_requires_reset OR password_hash IS NOT NULL
     WHERE user_id = $1 RETURNING password_hash IS NOT NULL AS had),
   passkeys AS (DELETE FROM webauthn_registrations WHERE user_id = $1 RETURNING 1),
   wallets AS (DELETE FROM user_crypto_wallets WHERE user_id = $1 RETURNING 1),
   links AS (
     DELETE FROM user_oauth_providers
     WHERE user_id = $1 AND oauth_user_registration_id IS DISTINCT FROM $2 RETURNING 1),
   grants AS (UPDATE idp_grants SET revoked_at = $3 WHERE user_id = $1 AND revoked_at IS NULL RETURNING 1)
   SELECT EXISTS (SELECT 1 FROM password WHERE had UNION ALL SELECT 1 FROM passkeys UNION ALL SELECT 1 FROM wallets
     UNION ALL SELECT 1 FROM links UNION ALL SELECT 1 FROM grants) AS took`;

/**
 * `proveAddress` inside the caller's transaction (it must be one: the user's row stays locked
 * until it ends, which is what makes two concurrent proofs claim once).
 */
export async function proveAddressInTransaction(
  tx: Queryable,
  { project, userId, address, requestSession, oauthRegistrationId, now }: AddressProof,
): Promise<ProvenAddress | null> {
  // Locked before the check reads anything: a second proof waits, then sees this one's address.
  // The check is its own statement, sent with the lock in one write: PostgreSQL runs it once the
  // lock is held, with a snapshot taken then (one statement holding both would read from before).
  const lock = tx.query('SELECT 1 FROM users WHERE user_id = $1 FOR NO KEY UPDATE', [userId]);
  const { sessionToken, sessionId } = requestSession;
  const check = tx.query<{ id: string; value: string; claims: boolean }>(
    'emailId' in address ? PROVE_EMAIL_SQL : PROVE_PHONE_SQL,
    [
      project.project_id,
      'emailId' in address ? address.emailId : address.phoneId,
      userId,
      sessionToken ? sha256Hex(sessionToken) : null,
      sessionId ?? null,
      now,
    ],
  );
  const [, [row]] = await Promise.all([lock, check]);
  if (!row) return null;
  const { id, value } = row;
  if (!row.claims) return { id, value, claimed: false };
  // Sessions and what else the claim takes are apart: both statements go in one write.
  const [revoked, [taken]] = await Promise.all([
    revokeUserSessions(tx, project, userId, now),
    tx.query<{ took: boolean }>(CLAIM_SQL, [userId, oauthRegistrationId ?? null, now]),
  ]);
  return { id, value, claimed: revoked > 0 || taken?.took === true };
}

/**
 * A sign-in reached the user's address: it is marked verified and a pending user activated. An
 * account with no verified email or phone number has no proven owner; the first proof of one of
 * its addresses makes the prover its owner, unless the request carries a live session of the same
 * user (its holder is adding an address). Then every session started before ends, a password set
 * before must be reset, and what was attached meanwhile (passkeys, wallets, other OAuth links,
 * identity-provider grants) is removed. Null, and nothing changed, when the user has no such address.
 */
export function proveAddress(db: Db, proof: AddressProof): Promise<ProvenAddress | null> {
  return db.transaction((tx) => proveAddressInTransaction(tx, proof));
}
