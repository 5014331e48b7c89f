import * as v from 'valibot';
import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';
import { TOKEN_KINDS, type TokenData, type TokenKind } from './tokenKinds';

/** A token of kind `K` (a row of `one_time_tokens`: a single-use secret stored hashed), its data read by the kind's schema. */
export interface OneTimeToken<K extends TokenKind> {
  tokenId: string;
  userId: string | null;
  data: TokenData<K>;
  expiresAt: Date;
}

/** The columns a token is read from. */
export const TOKEN_COLUMNS = 'token_id, user_id, data, expires_at';
export type TokenRow = { token_id: string; user_id: string | null; data: unknown; expires_at: Date | string };

/** The row as a token of `kind`; null when there is none, or its data is not that kind's. */
export function tokenOf<K extends TokenKind>(kind: K, row: TokenRow | undefined): OneTimeToken<K> | null {
  if (!row) return null;
  const data = v.safeParse(TOKEN_KINDS[kind].data, row.data);
  if (!data.success) return null;
  return {
    tokenId: row.token_id,
    userId: row.user_id,
    data: data.output,
    expiresAt: new Date(row.expires_at),
  };
}

export interface NewToken<K extends TokenKind> {
  project: ProjectRef;
  /** SHA-256 of the secret (unique per kind). */
  tokenHash: string;
  userId: string | null;
  data: TokenData<K>;
  expiresAt: Date;
  now: Date;
  /** A precomputed id, when the hash is salted with it. */
  tokenId?: string;
}

const INSERT_SQL = `INSERT INTO one_time_tokens (token_id, project_id, kind, token_hash, user_id, data, created_at, expires_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`;

/**
 * The insert of a token of `kind`. For a kind with `replacesBy`, the same statement marks used (at
 * the new token's creation) every unused token of the project and kind with the new token's value
 * under that key: a new code replaces the old one atomically, without a transaction.
 */
export const insertSql = (kind: TokenKind): string => {
  const entry = TOKEN_KINDS[kind];
  if (!('replacesBy' in entry)) return INSERT_SQL;
  return `WITH replaced AS (
    UPDATE one_time_tokens SET used_at = $7
    WHERE project_id = $2 AND kind = $3 AND data->>'${entry.replacesBy}' = $6::jsonb->>'${entry.replacesBy}'
      AND used_at IS NULL)
  ${INSERT_SQL}`;
};
const INSERT_SQLS = new Map((Object.keys(TOKEN_KINDS) as TokenKind[]).map((kind) => [kind, insertSql(kind)]));

/** Stores a new token of `kind` (replacing, for a kind with `replacesBy`); answers its id. */
export async function issueToken<K extends TokenKind>(
  db: Queryable,
  kind: K,
  t: NewToken<K>,
): Promise<string> {
  const id = t.tokenId ?? newId('token', t.project.test);
  await db.query(INSERT_SQLS.get(kind) ?? INSERT_SQL, [
    id,
    t.project.project_id,
    kind,
    t.tokenHash,
    t.userId,
    JSON.stringify(t.data),
    t.now,
    t.expiresAt,
  ]);
  return id;
}

/** Where a token is looked up by its secret: the project, the secret's hash, the time. */
export interface TokenLookup {
  projectId: string;
  tokenHash: string;
  now: Date;
}

/** The usable (unused, unexpired) token of `kind` with this hash, or null; does not use it. */
export async function findToken<K extends TokenKind>(
  db: Queryable,
  kind: K,
  { projectId, tokenHash, now }: TokenLookup,
): Promise<OneTimeToken<K> | null> {
  const [row] = await db.query<TokenRow>(
    `SELECT ${TOKEN_COLUMNS} FROM one_time_tokens
     WHERE project_id = $1 AND kind = $2 AND token_hash = $3 AND used_at IS NULL AND expires_at > $4`,
    [projectId, kind, tokenHash, now],
  );
  return tokenOf(kind, row);
}

/**
 * Marks the token used in one atomic statement: of two concurrent callers only one gets it. Null
 * when it was already used or has expired.
 */
export async function consumeToken<K extends TokenKind>(
  db: Queryable,
  kind: K,
  tokenId: string,
  now: Date,
): Promise<OneTimeToken<K> | null> {
  const [row] = await db.query<TokenRow>(
    `UPDATE one_time_tokens SET used_at = $3
     WHERE token_id = $1 AND kind = $2 AND used_at IS NULL AND expires_at > $3 RETURNING ${TOKEN_COLUMNS}`,
    [tokenId, kind, now],
  );
  return tokenOf(kind, row);
}

/**
 * Uses the token of `kind` with this hash once (`consumeToken`), when `usable` accepts it. A token
 * it refuses (a PKCE verifier that does not match, another provider's state) stays usable: the
 * rightful caller can still use it. Null when unknown, used, expired or refused.
 */
export async function takeToken<K extends TokenKind>(
  db: Queryable,
  kind: K,
  lookup: TokenLookup,
  usable: (token: OneTimeToken<K>) => boolean = () => true,
): Promise<OneTimeToken<K> | null> {
  const found = await findToken(db, kind, lookup);
  if (!found || !usable(found)) return null;
  return consumeToken(db, kind, found.tokenId, lookup.now);
}
