/** Cost parameters of one scrypt derivation, stored beside the hash so they can be raised later. */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export interface StoredScryptHash extends ScryptParams {
  salt: Buffer;
  hash: Buffer;
}

const PREFIX = 'scrypt';
const B64 = '[A-Za-z0-9+/]+={0,2}';
const FORMAT = new RegExp(`^${PREFIX}\\$(\\d{1,8})\\$(\\d{1,3})\\$(\\d{1,2})\\$(${B64})\\$(${B64})$`);

// Bounds on what a stored string may ask for: a tampered row must not make us allocate gigabytes.
export const MIN_LOG2_N = 10;
const MAX_MEMORY_BYTES = 256 * 1024 * 1024;
const MAX_P = 16;
const MIN_BYTES = 16;
const MAX_BYTES = 64;

/** Bytes scrypt needs for these parameters (128·N·r for V, plus the p blocks of 128·r). */
export function scryptMemoryBytes({ N, r, p }: ScryptParams): number {
  return 128 * N * r + 128 * r * p;
}

/** `scrypt$N$r$p$salt_b64$hash_b64` */
export function formatScryptHash({ N, r, p, salt, hash }: StoredScryptHash): string {
  return [PREFIX, N, r, p, salt.toString('base64'), hash.toString('base64')].join('$');
}

/** Parses a stored hash; null for anything malformed or outside safe bounds (never throws). */
export function parseScryptHash(stored: string): StoredScryptHash | null {
  const m = FORMAT.exec(stored);
  if (!m) return null;
  const [, n, rs, ps, saltB64, hashB64] = m;
  if (
    n === undefined ||
    rs === undefined ||
    ps === undefined ||
    saltB64 === undefined ||
    hashB64 === undefined
  ) {
    return null;
  }
  const N = Number(n);
  const r = Number(rs);
  const p = Number(ps);
  const isPowerOfTwo = Number.isInteger(Math.log2(N));
  if (!isPowerOfTwo || N < 2 ** MIN_LOG2_N || r < 1 || p < 1 || p > MAX_P) return null;
  if (scryptMemoryBytes({ N, r, p }) > MAX_MEMORY_BYTES) return null;
  const salt = Buffer.from(saltB64, 'base64');
  const hash = Buffer.from(hashB64, 'base64');
  const inBounds = (b: Buffer) => b.length >= MIN_BYTES && b.length <= MAX_BYTES;
  if (!inBounds(salt) || !inBounds(hash)) return null;
  return { N, r, p, salt, hash };
}
