import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';

/** A row of `one_time_tokens`: a single-use secret (stored hashed) with its non-secret context. */
export type OneTimeTokenRow = {
  token_id: string;
  project_id: string;
  kind: string;
  user_id: string | null;
  data: Record<string, unknown>;
  attempts: number;
  expires_at: Date;
};

const COLUMNS = 'token_id, project_id, kind, user_id, data, attempts, expires_at';

export interface NewOneTimeToken {
  project: ProjectRef;
  /** `magic_link`, `otp`, `reset_password`, ... (unique per kind + hash). */
  kind: string;
  tokenHash: string;
  userId: string | null;
  data?: Record<string, unknown>;
  expiresAt: Date;
  now: Date;
  /** Use a precomputed id (when the hash is salted with it). */
  tokenId?: string;
}

const INSERT_SQL = `INSERT INTO one_time_tokens (token_id, project_id, kind, token_hash, user_id, data, created_at, expires_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;

const insertParams = (id: string, t: NewOneTimeToken): unknown[] => [
  id,
  t.project.project_id,
  t.kind,
  t.tokenHash,
  t.userId,
  JSON.stringify(t.data ?? {}),
  t.now,
  t.expiresAt,
];

export async function insertOneTimeToken(db: Queryable, t: NewOneTimeToken): Promise<string> {
  const id = t.tokenId ?? newId('token', t.project.test);
  await db.query(INSERT_SQL, insertParams(id, t));
  return id;
}

/** The `data` keys a new token can replace older ones by (an index serves `method_id`). */
type ReplacedBy = 'method_id' | 'crypto_wallet_address';

const replaceSql = (dataKey: ReplacedBy): string => `WITH replaced AS (
    UPDATE one_time_tokens SET used_at = $7
    WHERE project_id = $2 AND kind = $3 AND data->>'${dataKey}' = $9 AND used_at IS NULL)
  ${INSERT_SQL}`;

const REPLACE_SQL: Record<ReplacedBy, string> = {
  method_id: replaceSql('method_id'),
  crypto_wallet_address: replaceSql('crypto_wallet_address'),
};

/**
 * Inserts the token and, in the same statement, marks used (at `t.now`) every unused token of its
 * project and kind whose `data` has the same value under `dataKey`: a new code replaces the old
 * one atomically without a transaction (one statement instead of BEGIN, two, COMMIT).
 */
export async function replaceOneTimeToken(
  db: Queryable,
  t: NewOneTimeToken,
  dataKey: ReplacedBy,
): Promise<string> {
  const id = t.tokenId ?? newId('token', t.project.test);
  await db.query(REPLACE_SQL[dataKey], [...insertParams(id, t), String(t.data?.[dataKey] ?? '')]);
  return id;
}

/** The unused, unexpired token of this kind and hash, or null (does not consume it). */
export async function findActiveToken(
  db: Queryable,
  { projectId, kind, tokenHash, now }: { projectId: string; kind: string; tokenHash: string; now: Date },
): Promise<OneTimeTokenRow | null> {
  const [row] = await db.query<OneTimeTokenRow>(
    `SELECT ${COLUMNS} FROM one_time_tokens
     WHERE project_id = $1 AND kind = $2 AND token_hash = $3 AND used_at IS NULL AND expires_at > $4`,
    [projectId, kind, tokenHash, now],
  );
  return row ?? null;
}

/**
 * Marks the token used in one atomic statement; only one of two concurrent callers gets the row.
 * Null when it was already used or has expired.
 */
export async function consumeToken(
  db: Queryable,
  tokenId: string,
  now: Date,
): Promise<OneTimeTokenRow | null> {
  const [row] = await db.query<OneTimeTokenRow>(
    `UPDATE one_time_tokens SET used_at = $2
     WHERE token_id = $1 AND used_at IS NULL AND expires_at > $2 RETURNING ${COLUMNS}`,
    [tokenId, now],
  );
  return row ?? null;
}
