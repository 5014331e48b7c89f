import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db, Queryable } from '../db/Db';
import { processKeyring, type Keyring } from '../crypto/Keyring';
import { openSecret, sealSecret } from '../crypto/sealedSecret';
import type { ProjectRef } from '../users/project';

export const JWT_ALGORITHM = 'RS256';

/**
 * The longest lifetime of anything a signing key signs: session JWTs (300 s), the IdP's access
 * and ID tokens (an hour) and the dev identity provider's ID tokens (an hour). A retired key stays
 * in the JWKS this long after its last signature, plus `CLOCK_ALLOWANCE_SECONDS`.
 */
export const LONGEST_TOKEN_SECONDS = 3600;
/** Room for clocks of provider processes and verifiers that disagree a little. */
const CLOCK_ALLOWANCE_SECONDS = 60;
export const PUBLISHED_AFTER_RETIREMENT_MS = (LONGEST_TOKEN_SECONDS + CLOCK_ALLOWANCE_SECONDS) * 1000;

/**
 * How long a process keeps the project's key rows it read. A rotation's grace period is longer
 * than this (`MIN_GRACE_SECONDS`), so every process has read the new key before it signs, and all
 * switch to it at its `activates_at` by their clocks, without asking each other.
 */
const KEY_ROWS_TTL_MS = 60_000;
/** Longer than a process's key cache plus the JWKS route's `max-age`. */
export const MIN_GRACE_SECONDS = 120;
/**
 * Longer than the JWKS caches of common verifiers (jose's `createRemoteJWKSet`, and with it
 * Stytch's backend SDKs, keeps a JWKS 10 minutes and refetches on an unknown `kid` after 30 s).
 */
export const DEFAULT_GRACE_SECONDS = 900;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

/** A stored key as rotation sees it; times in ms since the epoch. */
export type KeyRow = {
  kid: string;
  project_id: string;
  public_jwk: JWK;
  /** Only in rows written before sealing existed, until the next start seals them. */
  private_jwk: JWK | null;
  private_key_sealed: string | null;
  created_ms: number;
  activates_ms: number;
  retired_ms: number | null;
};

export type KeyState = 'pending' | 'signing' | 'retired' | 'expired';

/** Where `row` is in its life at `now`: published and waiting, signing, published after signing, gone. */
export function keyState(row: KeyRow, now: Date): KeyState {
  const t = now.getTime();
  if (row.activates_ms > t) return 'pending';
  if (row.retired_ms === null || row.retired_ms > t) return 'signing';
  return row.retired_ms + PUBLISHED_AFTER_RETIREMENT_MS > t ? 'retired' : 'expired';
}

const KEY_COLUMNS = `kid, project_id, public_jwk, private_jwk, private_key_sealed,
  (extract(epoch from created_at) * 1000)::float8 AS created_ms,
  (extract(epoch from activates_at) * 1000)::float8 AS activates_ms,
  (extract(epoch from retired_at) * 1000)::float8 AS retired_ms`;

/** Every stored key of the project (or of every project), the latest to sign first. */
export function keyRows(db: Queryable, projectId?: string): Promise<KeyRow[]> {
  return db.query<KeyRow>(
    `SELECT ${KEY_COLUMNS} FROM signing_keys ${projectId === undefined ? '' : 'WHERE project_id = $1'}
     ORDER BY project_id, activates_at DESC, kid DESC`,
    projectId === undefined ? [] : [projectId],
  );
}

/** The key that signs at `now`: the latest one active then. */
const signingRow = (rows: readonly KeyRow[], now: Date): KeyRow | undefined =>
  rows.find((row) => keyState(row, now) === 'signing');

// Stored secrets are sealed with the keyring `start` binds to its database; others (tests) use
// one random keyring per process.
const keyrings = new WeakMap<Queryable, Keyring>();

export function useKeyring(db: Queryable, keyring: Keyring): void {
  keyrings.set(db, keyring);
}

export const keyringFor = (db: Queryable): Keyring => keyrings.get(db) ?? processKeyring();

/** What a sealed private key is for: the authenticated `latch_for` of its JWE. */
export const privateKeyPurpose = (kid: string): string => `signing key ${kid}`;

// A kid's key never changes, so each process opens and imports it once.
const imported = new Map<string, Promise<CryptoKey>>();

async function importPrivate(keyring: Keyring, row: KeyRow): Promise<CryptoKey> {
  const jwk = row.private_key_sealed
    ? (JSON.parse(await openSecret(keyring, row.private_key_sealed, privateKeyPurpose(row.kid))) as JWK)
    : row.private_jwk;
  if (!jwk) throw new Error(`signing key ${row.kid} has no private part`);
  const key = await importJWK(jwk, JWT_ALGORITHM);
  if (key instanceof Uint8Array) throw new Error('a signing key must be an RSA key, not a secret');
  return key;
}

async function toSigningKey(keyring: Keyring, row: KeyRow): Promise<SigningKey> {
  let key = imported.get(row.kid);
  if (!key) {
    key = importPrivate(keyring, row);
    imported.set(row.kid, key);
    // A failed open is not remembered: a restart with the right key must not need a new process.
    key.catch(() => imported.delete(row.kid));
  }
  return { kid: row.kid, privateKey: await key };
}

const lockProjectKeys = (tx: Queryable, projectId: string) =>
  tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`signing_keys:${projectId}`]);

type CachedRows = { readAt: number; rows: Promise<KeyRow[]> };
// Per database: tests run many databases, with the same project ids, in one process.
const cachedRows = new WeakMap<Db, Map<string, CachedRows>>();

/** The project's key rows, read at most once a `KEY_ROWS_TTL_MS` per process. */
function projectKeyRows(db: Db, projectId: string): Promise<KeyRow[]> {
  let byProject = cachedRows.get(db);
  if (!byProject) {
    byProject = new Map();
    cachedRows.set(db, byProject);
  }
  const now = Date.now();
  const cached = byProject.get(projectId);
  if (cached && now - cached.readAt >= 0 && now - cached.readAt < KEY_ROWS_TTL_MS) return cached.rows;
  const entry: CachedRows = { readAt: now, rows: keyRows(db, projectId) };
  byProject.set(projectId, entry);
  const projects = byProject;
  // A failed read is not remembered: the next call tries again.
  entry.rows.catch(() => {
    if (projects.get(projectId) === entry) projects.delete(projectId);
  });
  return entry.rows;
}

const forgetRows = (db: Db, projectId: string): void => void cachedRows.get(db)?.delete(projectId);

/**
 * The key that signs the project's tokens at `now`, generated on first need (active at once: no
 * verifier can hold an older JWKS of a project that had no key). Two processes generating at once
 * take turns on an advisory lock, so a project never gets two keys by accident.
 */
export async function currentSigningKey(db: Db, project: ProjectRef, now = new Date()): Promise<SigningKey> {
  const keyring = keyringFor(db);
  const cached = signingRow(await projectKeyRows(db, project.project_id), now);
  if (cached) return toSigningKey(keyring, cached);
  const row = await db.transaction(async (tx) => {
    await lockProjectKeys(tx, project.project_id);
    const rows = await keyRows(tx, project.project_id);
    // A first key another process made while this one waited activates a moment after this
    // call's `now`: it is the project's key all the same.
    const raced = signingRow(rows, now) ?? rows.find((row) => row.retired_ms === null);
    return raced ?? insertNewKey(tx, keyring, project, now);
  });
  forgetRows(db, project.project_id);
  return toSigningKey(keyring, row);
}

async function insertNewKey(
  tx: Queryable,
  keyring: Keyring,
  project: ProjectRef,
  activatesAt: Date,
): Promise<KeyRow> {
  const kid = `jwk-${project.test ? 'test' : 'live'}-${randomUUID()}`;
  const { publicKey, privateKey } = await generateKeyPair(JWT_ALGORITHM, {
    modulusLength: 2048,
    extractable: true,
  });
  const public_jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: JWT_ALGORITHM, use: 'sig' };
  const private_jwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: JWT_ALGORITHM };
  const sealed = await sealSecret(keyring, JSON.stringify(private_jwk), privateKeyPurpose(kid));
  const [row] = await tx.query<KeyRow>(
    `INSERT INTO signing_keys (kid, project_id, algorithm, public_jwk, private_key_sealed, created_at, activates_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${KEY_COLUMNS}`,
    [kid, project.project_id, JWT_ALGORITHM, JSON.stringify(public_jwk), sealed, new Date(), activatesAt],
  );
  if (!row) throw new Error('the new signing key was not stored');
  return row;
}

/**
 * Public JWKs (`kid`, `alg`, `use: 'sig'`) of the project's published keys at `now`, the latest to
 * sign first: the next key from the start of its grace period, the signing one, and retired ones
 * until every token they signed has expired.
 */
export async function publicJwks(db: Queryable, projectId: string, now = new Date()): Promise<JWK[]> {
  const rows = await keyRows(db, projectId);
  return rows.filter((row) => keyState(row, now) !== 'expired').map((row) => row.public_jwk);
}

/** A rotation already waits for its key to sign: a second one would retire a key that never signed. */
export class RotationUnderWayError extends Error {
  constructor(kid: string, activatesAt: Date) {
    super(`a rotation is under way: ${kid} starts signing at ${activatesAt.toISOString()}`);
    this.name = 'RotationUnderWayError';
  }
}

export interface Rotation {
  kid: string;
  activatesAt: Date;
  /** The key that signs until then, or null when the project had none. */
  retiring: string | null;
  /** Keys whose tokens have all expired, deleted by this rotation. */
  deleted: string[];
}

/**
 * Starts a rotation: a new key, published at once, that signs from `now + graceSeconds`, when the
 * signing key retires. Keys retired long enough that nothing they signed is still valid are
 * deleted. Under the project's advisory lock, so rotations from two processes take turns.
 */
export async function rotateSigningKey(
  db: Db,
  project: ProjectRef,
  { now = new Date(), graceSeconds = DEFAULT_GRACE_SECONDS }: { now?: Date; graceSeconds?: number } = {},
): Promise<Rotation> {
  if (!(graceSeconds >= MIN_GRACE_SECONDS))
    throw new RangeError(`the grace period must be at least ${MIN_GRACE_SECONDS} seconds`);
  const keyring = keyringFor(db);
  const activatesAt = new Date(now.getTime() + graceSeconds * 1000);
  const rotation = await db.transaction(async (tx) => {
    await lockProjectKeys(tx, project.project_id);
    const rows = await keyRows(tx, project.project_id);
    const pending = rows.find((row) => keyState(row, now) === 'pending');
    if (pending) throw new RotationUnderWayError(pending.kid, new Date(pending.activates_ms));
    const signing = signingRow(rows, now);
    const expired = rows.filter((row) => keyState(row, now) === 'expired').map((row) => row.kid);
    if (expired.length > 0) await tx.query('DELETE FROM signing_keys WHERE kid = ANY($1)', [expired]);
    if (signing)
      await tx.query('UPDATE signing_keys SET retired_at = $2 WHERE kid = $1', [signing.kid, activatesAt]);
    // A project without a key gets one that signs at once: nothing can have cached its JWKS.
    const next = await insertNewKey(tx, keyring, project, signing ? activatesAt : now);
    return {
      kid: next.kid,
      activatesAt: new Date(next.activates_ms),
      retiring: signing?.kid ?? null,
      deleted: expired,
    };
  });
  forgetRows(db, project.project_id);
  return rotation;
}
