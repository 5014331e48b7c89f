import type { WebAuthnRegistration } from '@latch/api';
import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';
import { REGISTRATION_FIELDS } from '../users/webauthnRegistrations';

export interface NewRegistration {
  userId: string;
  credentialId: string;
  publicKey: Uint8Array;
  counter: number;
  transports: readonly string[];
  aaguid: string;
  rpId: string;
  userAgent: string;
  authenticatorType: string;
  name: string;
  backedUp: boolean;
  now: Date;
}

/** What authentication needs of a registration, looked up by the credential id the browser sends. */
export interface StoredRegistration {
  webauthn_registration_id: string;
  user_id: string;
  credential_id: string;
  public_key: Uint8Array;
  counter: number;
  rp_id: string;
  user_agent: string;
}

/** A registration found to sign in with, and its user's owner epoch read with it (`OwnerEpoch`). */
export type SigningRegistration = StoredRegistration & { owner_epoch: number };

type PublicRow = WebAuthnRegistration & Record<string, unknown>;

/** Stores a verified credential; null when the project already has this credential id. */
export async function insertRegistration(
  db: Queryable,
  project: ProjectRef,
  r: NewRegistration,
): Promise<WebAuthnRegistration | null> {
  const [row] = await db.query<PublicRow>(
    `INSERT INTO webauthn_registrations (webauthn_registration_id, user_id, project_id, credential_id,
       public_key, counter, transports, aaguid, rp_id, user_agent, authenticator_type, name, backed_up, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (project_id, credential_id) DO NOTHING
     RETURNING ${REGISTRATION_FIELDS}`,
    [
      newId('webauthn-registration', project.test),
      r.userId,
      project.project_id,
      r.credentialId,
      // Buffer, not a bare Uint8Array: PGlite binds only a Buffer as bytea (postgres.js takes either).
      Buffer.from(r.publicKey),
      r.counter,
      JSON.stringify(r.transports),
      r.aaguid,
      r.rpId,
      r.userAgent,
      r.authenticatorType,
      r.name,
      r.backedUp,
      r.now,
    ],
  );
  return row ?? null;
}

export async function findRegistrationByCredentialId(
  db: Queryable,
  projectId: string,
  credentialId: string,
): Promise<SigningRegistration | null> {
  const [row] = await db.query<SigningRegistration & Record<string, unknown>>(
    // counter is bigint: float8 reads back as a number on both drivers (uint32 fits exactly).
    `SELECT r.webauthn_registration_id, r.user_id, r.credential_id, r.public_key,
            r.counter::float8 AS counter, r.rp_id, r.user_agent, u.owner_epoch
     FROM webauthn_registrations r JOIN users u ON u.user_id = r.user_id
     WHERE r.project_id = $1 AND r.credential_id = $2`,
    [projectId, credentialId],
  );
  return row ? { ...row, public_key: new Uint8Array(row.public_key) } : null;
}

/** The user's credential ids for one RP ID (exclude list at registration, allow list at secondary login). */
export async function listCredentialIds(
  db: Queryable,
  projectId: string,
  userId: string,
  rpId: string,
): Promise<string[]> {
  const rows = await db.query<{ credential_id: string }>(
    `SELECT credential_id FROM webauthn_registrations
     WHERE project_id = $1 AND user_id = $2 AND rp_id = $3 ORDER BY created_at, webauthn_registration_id`,
    [projectId, userId, rpId],
  );
  return rows.map((r) => r.credential_id);
}

/** The names of a user's passkeys, so a new one can get a name of its own. */
export async function listRegistrationNames(
  db: Queryable,
  projectId: string,
  userId: string,
): Promise<string[]> {
  const rows = await db.query<{ name: string }>(
    'SELECT name FROM webauthn_registrations WHERE project_id = $1 AND user_id = $2',
    [projectId, userId],
  );
  return rows.map((r) => r.name);
}

/**
 * Stores the new signature counter only if the stored one is still `previous` (compare and set):
 * false when a concurrent sign-in with the same authenticator got there first.
 */
export async function recordUse(
  db: Queryable,
  registrationId: string,
  previous: number,
  next: number,
  now: Date,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE webauthn_registrations SET counter = $3, last_used_at = $4
     WHERE webauthn_registration_id = $1 AND counter = $2 RETURNING webauthn_registration_id`,
    [registrationId, previous, next, now],
  );
  return rows.length > 0;
}

/** Renames one of the user's registrations; null when the user has no registration with this id. */
export async function renameRegistration(
  db: Queryable,
  { projectId, userId, registrationId, name }: OwnedRegistration & { name: string },
): Promise<WebAuthnRegistration | null> {
  const [row] = await db.query<PublicRow>(
    `UPDATE webauthn_registrations SET name = $4
     WHERE project_id = $1 AND user_id = $2 AND webauthn_registration_id = $3
     RETURNING ${REGISTRATION_FIELDS}`,
    [projectId, userId, registrationId, name],
  );
  return row ?? null;
}

export interface OwnedRegistration {
  projectId: string;
  userId: string;
  registrationId: string;
}

/** Deletes one of the user's registrations; false when the user has no registration with this id. */
export async function deleteRegistration(
  db: Queryable,
  { projectId, userId, registrationId }: OwnedRegistration,
): Promise<boolean> {
  const rows = await db.query(
    `DELETE FROM webauthn_registrations
     WHERE project_id = $1 AND user_id = $2 AND webauthn_registration_id = $3
     RETURNING webauthn_registration_id`,
    [projectId, userId, registrationId],
  );
  return rows.length > 0;
}
