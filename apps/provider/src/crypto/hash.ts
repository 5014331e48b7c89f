import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Tokens are stored as SHA-256 hex: a database leak reveals no usable token. The one-shot `hash`
 * (a quarter of `createHash`'s cost) because every session refresh hashes its token.
 */
export const sha256Hex = (value: string): string => hash('sha256', value, 'hex');

/** A URL-safe random secret with `bytes` bytes of entropy. */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Compares secrets without leaking where they differ. */
export function constantTimeEqual(a: string, b: string): boolean {
  const left = hash('sha256', a, 'buffer');
  const right = hash('sha256', b, 'buffer');
  return timingSafeEqual(left, right) && a.length === b.length;
}
