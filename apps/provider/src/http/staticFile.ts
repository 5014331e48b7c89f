import { readFile } from 'node:fs/promises';
import { extname, join } from 'node:path';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  // TypeScript declarations (loader.d.mts), as Deno and module CDNs label them.
  '.mts': 'application/typescript; charset=utf-8',
};

export const contentTypeOf = (file: string): string =>
  TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

/** Only plain names below `dir`: no `..`, no hidden files, no encoded separators. */
export function safeRelativePath(relative: string): string | null {
  const segments = relative.split('/');
  const safe = segments.every((s) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(s) && s !== '..');
  return safe && segments.length <= 4 ? segments.join('/') : null;
}

/** The file's bytes, or null when it does not exist (a missing build is reported by the caller). */
export async function readDistFile(dir: string, relative: string): Promise<Uint8Array<ArrayBuffer> | null> {
  try {
    // A plain Uint8Array is a BodyInit under both the Node and the DOM typings (msw compiles with DOM).
    return Uint8Array.from(await readFile(join(dir, relative)));
  } catch (error) {
    if (error instanceof Error && 'code' in error && (error.code === 'ENOENT' || error.code === 'EISDIR'))
      return null;
    throw error;
  }
}

/** Plain text for people, e.g. "run npm run build". */
export const notBuilt = (what: string): Response =>
  new Response(`${what} is not built yet. Run "npm run build" at the repository root, then reload.\n`, {
    status: 503,
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store', 'Retry-After': '5' },
  });
