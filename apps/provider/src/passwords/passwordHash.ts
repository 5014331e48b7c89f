import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { PasswordInputError, passwordInputProblem } from './passwordInput';
import type { ScryptParams } from './scryptFormat';
import { parseStoredMigratedHash } from './migrated/storedMigratedHash';
import { verifyMigratedHash } from './migrated/verifyMigratedHash';
import { formatScryptHash, MIN_LOG2_N, parseScryptHash, scryptMemoryBytes } from './scryptFormat';

/** 2^15 · 8 · 128 B = 32 MiB per hash, ~100 ms: OWASP's scrypt recommendation (N=2^17 is the high end). */
export const SCRYPT_PARAMS: Readonly<ScryptParams> = { N: 2 ** 15, r: 8, p: 1 };
export const SALT_BYTES = 16;
export const HASH_BYTES = 32;

/**
 * Today's cost: production unless `LATCH_SCRYPT_LOG2N` lowers N, which only the test suites set
 * (a hash records its own parameters, so verification never depends on this).
 */
export function scryptParams(env: NodeJS.ProcessEnv = process.env): Readonly<ScryptParams> {
  const value = env['LATCH_SCRYPT_LOG2N'];
  if (value === undefined || value === '') return SCRYPT_PARAMS;
  const log2N = Number(value);
  if (!Number.isInteger(log2N) || log2N < MIN_LOG2_N || 2 ** log2N > SCRYPT_PARAMS.N) {
    throw new Error(
      `LATCH_SCRYPT_LOG2N: ${JSON.stringify(value)} is not an integer from ${MIN_LOG2_N} to ${Math.log2(SCRYPT_PARAMS.N)}`,
    );
  }
  return { ...SCRYPT_PARAMS, N: 2 ** log2N };
}

function deriveKey(password: string, salt: Buffer, params: ScryptParams, keyLength: number): Promise<Buffer> {
  // Node's default maxmem (32 MiB) is exactly 128·N·r at our N, which it rejects; give it headroom.
  const maxmem = 2 * scryptMemoryBytes(params);
  return new Promise((resolve, reject) => {
    scrypt(normalize(password), salt, keyLength, { ...params, maxmem }, (err, key) => {
      if (err) reject(err);
      else resolve(key);
    });
  });
}

// NFKC so the same password typed on different keyboards/OSes hashes the same (NIST SP 800-63B 5.1.1.2).
function normalize(password: string): string {
  return password.normalize('NFKC');
}

/** Hashes with a fresh 16-byte salt; throws `PasswordInputError` for empty or over-long input. */
export async function hashPassword(
  password: string,
  params: Readonly<ScryptParams> = scryptParams(),
): Promise<string> {
  const problem = passwordInputProblem(password);
  if (problem) throw new PasswordInputError(problem);
  const salt = randomBytes(SALT_BYTES);
  const hash = await deriveKey(password, salt, params, HASH_BYTES);
  return formatScryptHash({ ...params, salt, hash });
}

/**
 * Constant-time check against a stored hash, ours or one migrated from another system (which
 * `needsRehash` then reports); false (never a throw) for malformed or tampered input.
 */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (passwordInputProblem(password)) return false;
  const migrated = parseStoredMigratedHash(stored);
  if (migrated) return verifyMigratedHash(password, migrated).catch(() => false);
  const parsed = parseScryptHash(stored);
  if (!parsed) return false;
  let candidate: Buffer;
  try {
    candidate = await deriveKey(password, parsed.salt, parsed, parsed.hash.length);
  } catch {
    return false;
  }
  return timingSafeEqual(candidate, parsed.hash);
}

/** True when the stored hash is weaker than today's parameters, migrated or unreadable: rehash after a good login. */
export function needsRehash(stored: string, params: Readonly<ScryptParams> = scryptParams()): boolean {
  const parsed = parseScryptHash(stored);
  if (!parsed) return true;
  return (
    parsed.N < params.N ||
    parsed.r < params.r ||
    parsed.p < params.p ||
    parsed.salt.length < SALT_BYTES ||
    parsed.hash.length < HASH_BYTES
  );
}
