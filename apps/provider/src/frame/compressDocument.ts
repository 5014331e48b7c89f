import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parseAccept } from 'hono/utils/accept';

/** A frame document as sent: its bytes and, when compressed, the Content-Encoding. */
export interface EncodedDocument {
  body: Uint8Array<ArrayBuffer>;
  encoding: 'br' | 'gzip' | null;
}

/**
 * Brotli quality for a document compressed per request: 5 makes a 10 KB frame document about
 * 2.8 KB in about 0.2 ms; 11 (what the build uses for static files) would take about 70 ms.
 */
const BROTLI_QUALITY = 5;

/** Whether `Accept-Encoding` allows `encoding` (q > 0, by name or through `*`). */
function accepts(header: string | undefined, encoding: string): boolean {
  const entries = parseAccept(header ?? '');
  const entry = entries.find((e) => e.type.toLowerCase() === encoding) ?? entries.find((e) => e.type === '*');
  return entry !== undefined && entry.q > 0;
}

/**
 * The frame document compressed in one synchronous call, brotli first, then gzip, else as it is.
 * Every document carries its own CSP nonce, so it cannot be compressed ahead of time; the app's
 * `compress()` middleware would gzip it through web streams, which took about 3 ms of the
 * provider's CPU per document (half of what answering it cost), against about 0.2 ms here.
 */
export function compressDocument(html: string, acceptEncoding: string | undefined): EncodedDocument {
  const bytes = Buffer.from(html, 'utf8');
  // A copy into a plain ArrayBuffer-backed array: a BodyInit under both the Node and the DOM typings.
  const plain = (buffer: Buffer): Uint8Array<ArrayBuffer> => Uint8Array.from(buffer);
  if (accepts(acceptEncoding, 'br'))
    return {
      body: plain(
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
  if (accepts(acceptEncoding, 'gzip')) return { body: plain(gzipSync(bytes)), encoding: 'gzip' };
  return { body: plain(bytes), encoding: null };
}
