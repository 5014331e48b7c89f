import { sha256Hex } from '../crypto/hash';
import type { Queryable } from '../db/Db';
import { consumeToken, issueToken } from '../tokens/oneTimeTokens';
import type { ProjectRef } from '../users/project';
import type { CryptoWalletType } from './address';

export interface StoredChallenge {
  message: string;
  /** The session user a secondary start was made for; null for a primary sign-in. */
  userId: string | null;
}

/**
 * Stores a single-use challenge keyed by the SHA-256 of its message, replacing the address's
 * earlier live one: the answer names only the address, so one challenge is live per address (two
 * starts in the same millisecond would otherwise tie). The message itself is kept too: the
 * signature can only be checked against it, and it is no secret (the wallet shows it, and it is
 * worthless without the wallet's key).
 */
export async function storeChallenge(
  db: Queryable,
  project: ProjectRef,
  c: {
    type: CryptoWalletType;
    address: string;
    message: string;
    userId: string | null;
    expiresAt: Date;
    now: Date;
  },
): Promise<void> {
  await issueToken(db, 'crypto_challenge', {
    project,
    tokenHash: sha256Hex(c.message),
    userId: c.userId,
    data: { crypto_wallet_type: c.type, crypto_wallet_address: c.address, message: c.message },
    expiresAt: c.expiresAt,
    now: c.now,
  });
}

/**
 * Spends the newest live challenge issued to this address, or null when there is none (never
 * issued, expired, or already answered). Any answer spends it, so a signature gets one try.
 */
export async function takeChallenge(
  db: Queryable,
  projectId: string,
  { type, address, now }: { type: CryptoWalletType; address: string; now: Date },
): Promise<StoredChallenge | null> {
  const [live] = await db.query<{ token_id: string }>(
    `SELECT token_id FROM one_time_tokens
     WHERE project_id = $1 AND kind = 'crypto_challenge' AND used_at IS NULL AND expires_at > $2
       AND data->>'crypto_wallet_type' = $3 AND data->>'crypto_wallet_address' = $4
     ORDER BY created_at DESC LIMIT 1`,
    [projectId, now, type, address],
  );
  const taken = live && (await consumeToken(db, 'crypto_challenge', live.token_id, now));
  return taken ? { message: taken.data.message, userId: taken.userId } : null;
}
