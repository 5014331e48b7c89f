import { parseAccept } from 'hono/utils/accept';
import { readDistFile } from './staticFile';

/** Variants `scripts/precompress.mjs` writes beside a built file, best first. */
const VARIANTS = [
  { encoding: 'br', suffix: '.br' },
  { encoding: 'gzip', suffix: '.gz' },
] as const;

export interface EncodedFile {
  bytes: Uint8Array<ArrayBuffer>;
  /** Set when `bytes` is a compressed variant: the response's Content-Encoding. */
  encoding: 'br' | 'gzip' | null;
}

/** Which of brotli and gzip `Accept-Encoding` allows (q > 0, an explicit entry or `*`). */
export function acceptedEncodings(header: string | undefined): Set<string> {
  const entries = parseAccept(header ?? '');
  const wildcard = entries.find((entry) => entry.type === '*');
  return new Set(
    VARIANTS.map((v) => v.encoding).filter((encoding) => {
      const entry = entries.find((e) => e.type.toLowerCase() === encoding) ?? wildcard;
      return entry !== undefined && entry.q > 0;
    }),
  );
}

/**
 * A built file in the best variant the browser accepts: brotli, then gzip, both compressed at build
 * time; else the file itself (the app's `compress()` may still gzip it on the fly). Null when the
 * file does not exist.
 */
export async function readEncodedFile(
  dir: string,
  file: string,
  acceptEncoding: string | undefined,
): Promise<EncodedFile | null> {
  const allowed = acceptedEncodings(acceptEncoding);
  for (const { encoding, suffix } of VARIANTS) {
    if (!allowed.has(encoding)) continue;
    const bytes = await readDistFile(dir, `${file}${suffix}`);
    if (bytes) return { bytes, encoding };
  }
  const bytes = await readDistFile(dir, file);
  return bytes && { bytes, encoding: null };
}

/** Headers of an encoded answer; every answer of a file that has variants varies by Accept-Encoding. */
export const encodingHeaders = (file: EncodedFile): Record<string, string> => ({
  Vary: 'Accept-Encoding',
  ...(file.encoding ? { 'Content-Encoding': file.encoding } : {}),
});
