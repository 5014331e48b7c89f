import { sha256Hex } from '../crypto/hash';
import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import type { TokenData, TokenKind } from '../tokens/tokenKinds';
import type { ProjectRef } from '../users/project';

const KIND = 'trusted_auth_token' satisfies TokenKind;

// `one_time_tokens` is unique on (kind, token_hash): the insert that loses a race, or repeats a
// used id, inserts nothing. One statement, so concurrent replays cannot both pass, and every
// process on the database sees the same spent ids.
const SPEND_SQL = `INSERT INTO one_time_tokens (token_id, project_id, kind, token_hash, user_id, data, created_at, expires_at, used_at)
  VALUES ($1, $2, $3, $4, NULL, $5, $6, $7, $6)
  ON CONFLICT (kind, token_hash) DO NOTHING
  RETURNING token_id`;

/**
 * Records that the token with this id was attested, or answers `invalid_token` when it already
 * was. The row lives until the token's own expiry, after which the token is refused anyway.
 */
export async function spendTokenId(
  db: Queryable,
  project: ProjectRef,
  spend: { profileId: string; tokenId: string; expiresAt: Date; now: Date },
): Promise<void> {
  const hash = sha256Hex(`${project.project_id}\n${spend.profileId}\n${spend.tokenId}`);
  const rows = await db.query(SPEND_SQL, [
    newId('token', project.test),
    project.project_id,
    KIND,
    hash,
    JSON.stringify({ profile_id: spend.profileId } satisfies TokenData<typeof KIND>),
    spend.now,
    spend.expiresAt,
  ]);
  if (rows.length === 0) {
    throw new AuthError('invalid_token', 'This trusted auth token was already used.');
  }
}
