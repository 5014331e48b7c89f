import { createHash, randomBytes } from 'node:crypto';

/** A key-encryption key: 32 bytes (AES-256) and the id stored beside what it seals. */
export interface EncryptionKey {
  id: string;
  key: Uint8Array;
}

/** The keys that seal stored secrets: `current` seals, any of `byId` opens. */
export interface Keyring {
  current: EncryptionKey;
  byId: ReadonlyMap<string, EncryptionKey>;
}

export const keyringOf = (keys: readonly EncryptionKey[]): Keyring => {
  const [current] = keys;
  if (!current) throw new Error('a keyring needs at least one key');
  return { current, byId: new Map(keys.map((k) => [k.id, k])) };
};

/** An id for a key given without one: stable, and reveals nothing of the key. */
export const derivedKeyId = (key: Uint8Array): string =>
  `k-${createHash('sha256').update(key).digest('base64url').slice(0, 8)}`;

let ephemeral: Keyring | undefined;

/**
 * A keyring of one random key, made once per process: for databases that live no longer than the
 * process (tests, the in-process provider of the screens' tests). `start` always passes the
 * operator's (or the dev folder's) keyring instead.
 */
export function processKeyring(): Keyring {
  if (!ephemeral) {
    const key = new Uint8Array(randomBytes(32));
    ephemeral = keyringOf([{ id: derivedKeyId(key), key }]);
  }
  return ephemeral;
}
