import { createHash, pbkdf2, scrypt, timingSafeEqual } from 'node:crypto';
import { argon2i, argon2id, bcryptVerify } from 'hash-wasm';
import { scryptMemoryBytes } from '../scryptFormat';
import type { MigratedHash } from './migratedHash';
import { phpassHash } from './phpass';

// bcrypt reads at most 72 bytes of a password; the systems that made these hashes ignored the rest.
const BCRYPT_MAX_BYTES = 72;

const sameBytes = (a: Buffer | Uint8Array, b: Buffer): boolean =>
  a.length === b.length && timingSafeEqual(a, b);

function pbkdf2Key(password: string, hash: Extract<MigratedHash, { kind: 'pbkdf2' }>): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    pbkdf2(password, hash.salt, hash.iterations, hash.hash.length, hash.algorithm, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

function scryptKey(password: string, hash: Extract<MigratedHash, { kind: 'scrypt' }>): Promise<Buffer> {
  const { N, r, p } = hash;
  const maxmem = 2 * scryptMemoryBytes({ N, r, p });
  return new Promise((resolve, reject) => {
    scrypt(password, hash.salt, hash.hash.length, { N, r, p, maxmem }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

/**
 * Whether `password` (as typed: the system that made the hash did not normalize it) matches a
 * migrated hash, by that hash's own algorithm.
 */
export async function verifyMigratedHash(password: string, hash: MigratedHash): Promise<boolean> {
  switch (hash.kind) {
    case 'bcrypt': {
      const bytes = Buffer.from(password, 'utf8').subarray(0, BCRYPT_MAX_BYTES);
      return bcryptVerify({ password: bytes, hash: hash.hash });
    }
    case 'phpass': {
      const candidate = phpassHash(password, hash.hash);
      return candidate !== null && sameBytes(Buffer.from(candidate), Buffer.from(hash.hash));
    }
    case 'digest': {
      const candidate = createHash(hash.algorithm)
        .update(hash.prepend + password + hash.append, 'utf8')
        .digest();
      return sameBytes(candidate, hash.digest);
    }
    case 'argon2': {
      const derive = hash.variant === 'argon2id' ? argon2id : argon2i;
      const candidate = await derive({
        password,
        salt: hash.salt,
        iterations: hash.iterations,
        memorySize: hash.memoryKiB,
        parallelism: hash.parallelism,
        hashLength: hash.hash.length,
        outputType: 'binary',
      });
      return sameBytes(candidate, hash.hash);
    }
    case 'scrypt':
      return sameBytes(await scryptKey(password, hash), hash.hash);
    case 'pbkdf2':
      return sameBytes(await pbkdf2Key(password, hash), hash.hash);
  }
}
