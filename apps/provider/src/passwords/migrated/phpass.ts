import { createHash } from 'node:crypto';

const ITOA64 = './0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const FORMAT = /^\$[PH]\$([./0-9A-Za-z])([./0-9A-Za-z]{8})[./0-9A-Za-z]{22}$/;

/** phpass's own base64: little-endian groups of 3 bytes, 6 bits at a time, in `ITOA64`. */
function encode64(input: Buffer): string {
  let output = '';
  for (let i = 0; i < input.length; i += 3) {
    const value = (input[i] ?? 0) | ((input[i + 1] ?? 0) << 8) | ((input[i + 2] ?? 0) << 16);
    const chars = Math.min(4, Math.ceil(((input.length - i) * 8) / 6));
    for (let c = 0; c < chars; c++) output += ITOA64[(value >> (6 * c)) & 0x3f];
  }
  return output;
}

/** The log2 of the iteration count a phpass hash records, or null when it is not one. */
export function phpassLog2Rounds(hash: string): number | null {
  const m = FORMAT.exec(hash);
  return m?.[1] === undefined ? null : ITOA64.indexOf(m[1]);
}

/**
 * A phpass "portable" hash (`$P$` from WordPress, `$H$` from phpBB) of `password` with the setting
 * (id, rounds and salt) of `stored`: MD5 of salt and password, then 2^rounds MD5s of the digest and
 * the password, encoded in phpass's base64.
 */
export function phpassHash(password: string, stored: string): string | null {
  const m = FORMAT.exec(stored);
  const log2 = phpassLog2Rounds(stored);
  if (!m?.[2] || log2 === null) return null;
  const secret = Buffer.from(password, 'utf8');
  let hash = createHash('md5').update(m[2]).update(secret).digest();
  for (let count = 2 ** log2; count > 0; count--)
    hash = createHash('md5').update(hash).update(secret).digest();
  return stored.slice(0, 12) + encode64(hash);
}
