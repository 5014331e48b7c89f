import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { acceptedEncodings, type EncodedFile } from '../http/encodedFile';

/**
 * Brotli quality for a document compressed per request: 5 compresses the frame document nearly as
 * well as 11 (what the build uses for static files) at a small fraction of its CPU.
 */
const BROTLI_QUALITY = 5;

/**
 * The frame document compressed in one synchronous call, brotli first, then gzip, else as it is.
 * Every document carries its own CSP nonce, so it cannot be compressed ahead of time; the app's
 * `compress()` middleware would gzip it through web streams, which cost many times the CPU of
 * this one call (`npm run bench:provider` shows the document's cost).
 */
export function compressDocument(html: string, acceptEncoding: string | undefined): EncodedFile {
  const bytes = Buffer.from(html, 'utf8');
  const allowed = acceptedEncodings(acceptEncoding);
  // A copy into a plain ArrayBuffer-backed array: a BodyInit under both the Node and the DOM typings.
  const plain = (buffer: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(buffer);
  if (allowed.has('br'))
    return {
      bytes: plain(
        brotliCompressSync(bytes, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
          },
        }),
      ),
      encoding: 'br',
    };
  if (allowed.has('gzip')) return { bytes: plain(gzipSync(bytes)), encoding: 'gzip' };
  return { bytes: plain(bytes), encoding: null };
}
