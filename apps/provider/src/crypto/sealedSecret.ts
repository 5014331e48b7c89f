import { CompactEncrypt, compactDecrypt, decodeProtectedHeader } from 'jose';
import type { Keyring } from './Keyring';
import { UnopenableSecretError } from './UnopenableSecretError';

/**
 * A secret sealed for storage: a JWE (RFC 7516) in compact form. `A256GCMKW` wraps a fresh
 * content key with the keyring's current key (envelope encryption), `A256GCM` encrypts the secret;
 * the protected header names the wrapping key (`kid`) and what the secret is for (`latch_for`),
 * and is authenticated, so a sealed value copied to another row does not open there.
 */
const ALG = 'A256GCMKW';
const ENC = 'A256GCM';

export function sealSecret(keyring: Keyring, plaintext: string, purpose: string): Promise<string> {
  return new CompactEncrypt(new TextEncoder().encode(plaintext))
    .setProtectedHeader({ alg: ALG, enc: ENC, kid: keyring.current.id, latch_for: purpose })
    .encrypt(keyring.current.key);
}

/** The id of the key that sealed `sealed`. */
export function sealedWith(sealed: string): string | undefined {
  try {
    const { kid } = decodeProtectedHeader(sealed);
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return undefined;
  }
}

export async function openSecret(keyring: Keyring, sealed: string, purpose: string): Promise<string> {
  const kid = sealedWith(sealed);
  const key = kid === undefined ? undefined : keyring.byId.get(kid);
  if (!key)
    throw new UnopenableSecretError(
      `${purpose} is sealed with encryption key "${kid ?? '?'}", which LATCH_ENCRYPTION_KEY does not hold`,
    );
  try {
    const { plaintext, protectedHeader } = await compactDecrypt(sealed, key.key, {
      keyManagementAlgorithms: [ALG],
      contentEncryptionAlgorithms: [ENC],
    });
    if (protectedHeader['latch_for'] !== purpose) throw new Error('sealed for something else');
    return new TextDecoder().decode(plaintext);
  } catch {
    throw new UnopenableSecretError(`${purpose} does not open with encryption key "${key.id}"`);
  }
}
