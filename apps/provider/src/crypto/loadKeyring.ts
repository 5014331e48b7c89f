import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config/loadConfig';
import { derivedKeyId, keyringOf, type EncryptionKey, type Keyring } from './Keyring';
import { parseEncryptionKeys } from './parseEncryptionKeys';

export interface LoadedKeyring {
  keyring: Keyring;
  /** Where the keys came from, for the start-up log. */
  line: string;
  /** True when the keys are the data folder's generated dev key. */
  devKey: boolean;
}

export const DEV_KEY_FILE = 'encryption.key';

/**
 * The keyring that seals stored secrets: `LATCH_ENCRYPTION_KEY` when set. Without it, a
 * production provider (one with a live project, or `NODE_ENV=production`) refuses to start; a
 * provider of test projects only uses a key it generates once in the data folder.
 */
export function loadKeyring(input: {
  encryptionKeys: readonly EncryptionKey[] | undefined;
  production: boolean;
  dataDir: string;
}): LoadedKeyring {
  if (input.encryptionKeys) {
    const ids = input.encryptionKeys.map((k) => k.id).join(', ');
    return { keyring: keyringOf(input.encryptionKeys), line: `LATCH_ENCRYPTION_KEY (${ids})`, devKey: false };
  }
  if (input.production)
    throw new ConfigError(
      'LATCH_ENCRYPTION_KEY: not set; a provider with a live project (or NODE_ENV=production) seals its ' +
        'signing keys with it: generate one with "openssl rand -base64 32"',
    );
  const path = join(input.dataDir, DEV_KEY_FILE);
  if (!existsSync(path)) {
    mkdirSync(input.dataDir, { recursive: true });
    const key = new Uint8Array(randomBytes(32));
    // `wx`: a second process creating it at the same moment fails here instead of overwriting.
    try {
      writeFileSync(path, `${derivedKeyId(key)}:${Buffer.from(key).toString('base64')}\n`, {
        mode: 0o600,
        flag: 'wx',
      });
    } catch (error) {
      if (!existsSync(path)) throw error;
    }
  }
  const keys = parseEncryptionKeys(readFileSync(path, 'utf8').trim());
  if (typeof keys === 'string') throw new ConfigError(`${path}: ${keys}`);
  return {
    keyring: keyringOf(keys),
    line: `${path} (a generated dev key: set LATCH_ENCRYPTION_KEY before serving live projects)`,
    devKey: true,
  };
}
