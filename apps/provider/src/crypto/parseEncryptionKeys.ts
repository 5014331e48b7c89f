import { derivedKeyId, type EncryptionKey } from './Keyring';

const ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * `LATCH_ENCRYPTION_KEY`: comma-separated keys, each `id:base64` or `base64` of exactly 32 random
 * bytes (base64 or base64url). The first seals, every one opens: to rotate, put the new key first
 * and keep the old one until a start has resealed everything. Answers a sentence on a bad value;
 * the sentence never repeats a key.
 */
export function parseEncryptionKeys(value: string): EncryptionKey[] | string {
  const keys: EncryptionKey[] = [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (entries.length === 0) return 'is empty';
  for (const [index, entry] of entries.entries()) {
    const colon = entry.indexOf(':');
    const id = colon >= 0 ? entry.slice(0, colon) : undefined;
    const encoded = colon >= 0 ? entry.slice(colon + 1) : entry;
    if (id !== undefined && !ID.test(id))
      return `key ${index + 1}: the id before ":" must be 1 to 64 letters, digits, "-" or "_"`;
    if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(encoded))
      return `key ${index + 1}: is not base64 (generate one with "openssl rand -base64 32")`;
    const key = new Uint8Array(
      Buffer.from(encoded, encoded.includes('-') || encoded.includes('_') ? 'base64url' : 'base64'),
    );
    if (key.length !== 32)
      return `key ${index + 1}: holds ${key.length} bytes, not 32 (generate one with "openssl rand -base64 32")`;
    const keyId = id ?? derivedKeyId(key);
    if (keys.some((k) => k.id === keyId)) return `key ${index + 1}: the id "${keyId}" is used twice`;
    keys.push({ id: keyId, key });
  }
  return keys;
}
