import type { UserCryptoWallet } from '@latch/api';
import type { Queryable } from '../db/Db';

/** A user's wallets, as `user.crypto_wallets` lists them. */
export async function loadUserCryptoWallets(db: Queryable, userId: string): Promise<UserCryptoWallet[]> {
  return db.query<UserCryptoWallet & Record<string, unknown>>(
    `SELECT crypto_wallet_id, crypto_wallet_address, crypto_wallet_type, verified FROM user_crypto_wallets
     WHERE user_id = $1 ORDER BY created_at, crypto_wallet_id`,
    [userId],
  );
}
