import type { Db } from '../db/Db';
import type { Keyring } from '../crypto/Keyring';
import { openSecret, sealedWith, sealSecret } from '../crypto/sealedSecret';
import { UnopenableSecretError } from '../crypto/UnopenableSecretError';
import { keyRows, privateKeyPurpose } from './signingKeys';

export interface SealReport {
  /** Keys stored as plain JWKs before sealing existed, now sealed. */
  sealed: number;
  /** Keys sealed with an older encryption key, now sealed with the keyring's current one. */
  resealed: number;
}

/**
 * Seals every signing key's private part with `keyring.current`: plain ones (written before
 * sealing existed) and ones sealed with an older key of the keyring. Run by every start before
 * serving, and by `latch migrate`. Throws `UnopenableSecretError` when a key is sealed with an
 * encryption key the keyring lacks: the provider could sign nothing with it.
 */
export async function sealSigningKeys(db: Db, keyring: Keyring): Promise<SealReport> {
  return db.transaction(async (tx) => {
    await tx.query('LOCK TABLE signing_keys IN SHARE ROW EXCLUSIVE MODE');
    const report: SealReport = { sealed: 0, resealed: 0 };
    for (const row of await keyRows(tx)) {
      const purpose = privateKeyPurpose(row.kid);
      let plain: string;
      if (row.private_key_sealed === null) {
        if (!row.private_jwk) throw new UnopenableSecretError(`${purpose} has no private part`);
        plain = JSON.stringify(row.private_jwk);
        report.sealed++;
      } else {
        // Opened even when current, so a missing or wrong key stops the start, not a sign-in.
        plain = await openSecret(keyring, row.private_key_sealed, purpose);
        if (sealedWith(row.private_key_sealed) === keyring.current.id) continue;
        report.resealed++;
      }
      await tx.query('UPDATE signing_keys SET private_key_sealed = $2, private_jwk = NULL WHERE kid = $1', [
        row.kid,
        await sealSecret(keyring, plain, purpose),
      ]);
    }
    return report;
  });
}
