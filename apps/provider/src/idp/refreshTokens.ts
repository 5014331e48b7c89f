import { randomToken, sha256Hex } from '../crypto/hash';
import type { Db, Queryable } from '../db/Db';
import { revokeGrant } from './grants';

/** A refresh token lives this long unused; each use issues the next with a fresh lifetime. */
export const REFRESH_TOKEN_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** A new refresh token of the grant; only its SHA-256 is stored. */
export async function issueRefreshToken(
  db: Queryable,
  { grantId, now }: { grantId: string; now: Date },
): Promise<string> {
  const token = randomToken();
  await db.query(
    'INSERT INTO idp_refresh_tokens (token_hash, grant_id, created_at, expires_at) VALUES ($1, $2, $3, $4)',
    [sha256Hex(token), grantId, now, new Date(now.getTime() + REFRESH_TOKEN_DAYS * DAY_MS)],
  );
  return token;
}

export type Rotation =
  | { outcome: 'rotated'; grantId: string; refreshToken: string }
  /** Presented after it was used: the grant is revoked now. */
  | { outcome: 'reused' }
  /** Unknown, expired, revoked, or another client's: nothing changed. */
  | { outcome: 'invalid' };

type Found = {
  grant_id: string;
  client_id: string;
  used_at: Date | null;
  expires_at: Date;
  revoked: boolean;
};

/**
 * Uses a refresh token once and issues its successor in the same grant. A token used before means
 * two parties hold it (the client, and whoever copied it): the whole grant is revoked, so neither
 * refreshes again (OAuth 2.0 Security BCP, refresh token rotation). Another client's token is
 * refused without touching it.
 */
export async function rotateRefreshToken(
  db: Db,
  input: { projectId: string; clientId: string; token: string; now: Date },
): Promise<Rotation> {
  const tokenHash = sha256Hex(input.token);
  const [found] = await db.query<Found>(
    `SELECT r.grant_id, g.client_id, r.used_at, r.expires_at, g.revoked_at IS NOT NULL AS revoked
     FROM idp_refresh_tokens r JOIN idp_grants g ON g.grant_id = r.grant_id
     WHERE r.token_hash = $1 AND g.project_id = $2`,
    [tokenHash, input.projectId],
  );
  if (!found || found.client_id !== input.clientId || found.revoked) return { outcome: 'invalid' };
  const reused = async (): Promise<Rotation> => {
    await revokeGrant(db, { projectId: input.projectId, grantId: found.grant_id, now: input.now });
    return { outcome: 'reused' };
  };
  if (found.used_at !== null) return reused();
  if (new Date(found.expires_at).getTime() <= input.now.getTime()) return { outcome: 'invalid' };
  const next = await db.transaction(async (tx) => {
    // One statement decides between two racing uses: the loser sees the token used.
    const taken = await tx.query(
      `UPDATE idp_refresh_tokens SET used_at = $2
       WHERE token_hash = $1 AND used_at IS NULL
         AND EXISTS (SELECT 1 FROM idp_grants g WHERE g.grant_id = idp_refresh_tokens.grant_id AND g.revoked_at IS NULL)
       RETURNING grant_id`,
      [tokenHash, input.now],
    );
    return taken.length === 0 ? null : issueRefreshToken(tx, { grantId: found.grant_id, now: input.now });
  });
  return next === null ? reused() : { outcome: 'rotated', grantId: found.grant_id, refreshToken: next };
}

/** What a refresh token the client may still use stands for; null for anything else. */
export interface LiveRefreshToken {
  grantId: string;
  clientId: string;
  userId: string;
  scopes: string[];
  createdAt: Date;
  expiresAt: Date;
}

export async function findRefreshTokenGrant(
  db: Queryable,
  { projectId, token, now }: { projectId: string; token: string; now: Date },
): Promise<LiveRefreshToken | null> {
  const [row] = await db.query<{
    grant_id: string;
    client_id: string;
    user_id: string;
    scopes: string[];
    created_at: Date;
    expires_at: Date;
  }>(
    `SELECT r.grant_id, g.client_id, g.user_id, g.scopes, r.created_at, r.expires_at
     FROM idp_refresh_tokens r JOIN idp_grants g ON g.grant_id = r.grant_id
     WHERE r.token_hash = $1 AND g.project_id = $2 AND r.used_at IS NULL AND r.expires_at > $3
       AND g.revoked_at IS NULL`,
    [sha256Hex(token), projectId, now],
  );
  return row
    ? {
        grantId: row.grant_id,
        clientId: row.client_id,
        userId: row.user_id,
        scopes: row.scopes,
        createdAt: new Date(row.created_at),
        expiresAt: new Date(row.expires_at),
      }
    : null;
}
