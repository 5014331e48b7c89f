import { emitEvent, type EventProject } from '../webhooks/emitEvent';
import type { UserCryptoWallet } from '@latch/api';
import { newId } from '../crypto/ids';
import type { Db, Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';
import type { CryptoWalletType } from './address';
import { deliveringTransaction } from '../delivery/deliveringTransaction';

/** A linked wallet, with its user's owner epoch read with it (`OwnerEpoch`). */
export type WalletRow = UserCryptoWallet & { user_id: string; owner_epoch: number };

const COLUMNS =
  'w.crypto_wallet_id, w.user_id, w.crypto_wallet_address, w.crypto_wallet_type, w.verified, u.owner_epoch';

export async function findWallet(
  db: Queryable,
  projectId: string,
  type: CryptoWalletType,
  address: string,
): Promise<WalletRow | null> {
  const [row] = await db.query<WalletRow & Record<string, unknown>>(
    `SELECT ${COLUMNS} FROM user_crypto_wallets w JOIN users u ON u.user_id = w.user_id
     WHERE w.project_id = $1 AND w.crypto_wallet_type = $2 AND w.crypto_wallet_address = $3`,
    [projectId, type, address],
  );
  return row ?? null;
}

/** Links the wallet to `userId` unless it is linked already; answers the stored row either way. */
async function linkWallet(
  db: Queryable,
  project: ProjectRef,
  w: { userId: string; type: CryptoWalletType; address: string },
): Promise<WalletRow> {
  await db.query(
    `INSERT INTO user_crypto_wallets (crypto_wallet_id, user_id, project_id, crypto_wallet_type, crypto_wallet_address)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (project_id, crypto_wallet_type, crypto_wallet_address) DO NOTHING`,
    [newId('crypto-wallet', project.test), w.userId, project.project_id, w.type, w.address],
  );
  const row = await findWallet(db, project.project_id, w.type, w.address);
  if (!row) throw new Error('user_crypto_wallets: the linked row vanished');
  return row;
}

/** The wallet's user, created with the wallet as its only identifier on a first sign-in. */
export async function findOrCreateWalletUser(
  db: Db,
  project: EventProject,
  w: { type: CryptoWalletType; address: string },
): Promise<WalletRow> {
  const existing = await findWallet(db, project.project_id, w.type, w.address);
  if (existing) return existing;
  return deliveringTransaction(db, async (tx) => {
    const userId = newId('user', project.test);
    await tx.query('INSERT INTO users (user_id, project_id, status) VALUES ($1, $2, $3)', [
      userId,
      project.project_id,
      'active',
    ]);
    const row = await linkWallet(tx, project, { ...w, userId });
    // A concurrent first sign-in linked it first: drop the user made here, sign in as theirs.
    if (row.user_id !== userId) await tx.query('DELETE FROM users WHERE user_id = $1', [userId]);
    else await emitEvent(tx, project, 'user.created', { user_id: userId });
    return row;
  });
}

/** Attaches the wallet to the session's user (secondary); the owner row if someone else has it. */
export const attachWallet = linkWallet;
