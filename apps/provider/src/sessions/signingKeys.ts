import { randomUUID } from 'node:crypto';
import { exportJWK, generateKeyPair, importJWK, type CryptoKey, type JWK } from 'jose';
import type { Db, Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';

export const JWT_ALGORITHM = 'RS256';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
}

type KeyRow = { kid: string; private_jwk: JWK };

// A kid's key never changes, so each process imports it once.
const imported = new Map<string, Promise<CryptoKey>>();

async function importPrivate(jwk: JWK): Promise<CryptoKey> {
  const key = await importJWK(jwk, JWT_ALGORITHM);
  if (key instanceof Uint8Array) throw new Error('a signing key must be an RSA key, not a secret');
  return key;
}

async function toSigningKey(row: KeyRow): Promise<SigningKey> {
  let key = imported.get(row.kid);
  if (!key) {
    key = importPrivate(row.private_jwk);
    imported.set(row.kid, key);
  }
  return { kid: row.kid, privateKey: await key };
}

const ACTIVE_KEY_SQL = `SELECT kid, private_jwk FROM signing_keys
  WHERE project_id = $1 AND retired_at IS NULL ORDER BY created_at DESC, kid DESC LIMIT 1`;

/**
 * The project's active RS256 key, generated on first need. Two processes generating at once take
 * turns on an advisory lock, so a project never gets two keys by accident.
 * The private key is stored as a plain JWK: fine for a local provider; production would encrypt it
 * at rest (KMS or an envelope key) or keep it in an HSM.
 */
async function loadSigningKey(db: Db, project: ProjectRef): Promise<SigningKey> {
  const [existing] = await db.query<KeyRow>(ACTIVE_KEY_SQL, [project.project_id]);
  if (existing) return toSigningKey(existing);
  const row = await db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`signing_keys:${project.project_id}`]);
    const [raced] = await tx.query<KeyRow>(ACTIVE_KEY_SQL, [project.project_id]);
    return raced ?? insertNewKey(tx, project);
  });
  return toSigningKey(row);
}

/**
 * How long a process keeps using the active key it read. The active key only changes when an
 * operator retires it, and JWTs signed by a retired key still verify (the JWKS lists every key),
 * so a minute's delay is harmless; without it every JWT cost a query.
 */
const ACTIVE_KEY_TTL_MS = 60_000;

type CachedKey = { readAt: number; key: Promise<SigningKey> };
// Per database: tests run many databases, with the same project ids, in one process.
const activeKeys = new WeakMap<Db, Map<string, CachedKey>>();

/** `loadSigningKey`, read at most once a minute per project and process. */
export function currentSigningKey(db: Db, project: ProjectRef): Promise<SigningKey> {
  let byProject = activeKeys.get(db);
  if (!byProject) {
    byProject = new Map();
    activeKeys.set(db, byProject);
  }
  const now = performance.now();
  const cached = byProject.get(project.project_id);
  if (cached && now - cached.readAt < ACTIVE_KEY_TTL_MS) return cached.key;
  const entry: CachedKey = { readAt: now, key: loadSigningKey(db, project) };
  byProject.set(project.project_id, entry);
  const projects = byProject;
  // A failed read is not remembered: the next call tries again.
  entry.key.catch(() => {
    if (projects.get(project.project_id) === entry) projects.delete(project.project_id);
  });
  return entry.key;
}

async function insertNewKey(tx: Queryable, project: ProjectRef): Promise<KeyRow> {
  const kid = `jwk-${project.test ? 'test' : 'live'}-${randomUUID()}`;
  const { publicKey, privateKey } = await generateKeyPair(JWT_ALGORITHM, {
    modulusLength: 2048,
    extractable: true,
  });
  const public_jwk: JWK = { ...(await exportJWK(publicKey)), kid, alg: JWT_ALGORITHM, use: 'sig' };
  const private_jwk: JWK = { ...(await exportJWK(privateKey)), kid, alg: JWT_ALGORITHM };
  await tx.query(
    `INSERT INTO signing_keys (kid, project_id, algorithm, public_jwk, private_jwk, created_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [
      kid,
      project.project_id,
      JWT_ALGORITHM,
      JSON.stringify(public_jwk),
      JSON.stringify(private_jwk),
      new Date(),
    ],
  );
  return { kid, private_jwk };
}

/** Public JWKs (`kid`, `alg`, `use: 'sig'`) of every key of the project, newest first, for the JWKS route. */
export async function publicJwks(db: Queryable, projectId: string): Promise<JWK[]> {
  const rows = await db.query<{ public_jwk: JWK }>(
    'SELECT public_jwk FROM signing_keys WHERE project_id = $1 ORDER BY created_at DESC, kid DESC',
    [projectId],
  );
  return rows.map((r) => r.public_jwk);
}
