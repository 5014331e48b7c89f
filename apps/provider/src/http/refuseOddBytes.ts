import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './deps';
import { errorResponse } from './envelope';

/** Longer than any name a file system or a route of ours accepts (ENAMETOOLONG beyond it). */
const MAX_SEGMENT = 255;

// Decoding a URL never yields a lone surrogate (bad UTF-8 throws, or becomes U+FFFD in a query),
// so NUL is the one character left that storage refuses.
const isOdd = (text: string): boolean => text.includes('\0');

/** The decoded path segments, or null for bad percent-encoding (`%E0%A4%A`, `%ZZ`). */
function decodedSegments(pathname: string): string[] | null {
  const segments = pathname.split('/');
  // Without a `%` there is nothing to decode: every segment is its own decoding.
  if (!pathname.includes('%')) return segments;
  try {
    return segments.map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/**
 * Bytes no route can use stop at the door, before any query runs: a path with bad
 * percent-encoding (or bytes that are not UTF-8), a NUL or an over-long segment names no resource (404); a
 * query parameter with a NUL is a bad field (400). Without this, PostgreSQL refuses the NUL and
 * the file system the long name, and the visitor would get a 500.
 * The path is read from the request's URL text as hono's router reads it (no `URL` object per
 * request: that parse was a noticeable part of a cheap request); only a query is parsed.
 */
export const refuseOddBytes = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const url = c.req.url;
  const pathStart = url.indexOf('/', url.indexOf('://') + 3);
  const queryStart = url.indexOf('?', pathStart);
  const hashStart = url.indexOf('#', pathStart);
  const pathEnd = queryStart !== -1 ? queryStart : hashStart !== -1 ? hashStart : url.length;
  const pathname = pathStart === -1 ? '/' : url.slice(pathStart, pathEnd);
  const segments = decodedSegments(pathname);
  if (!segments || segments.some((s) => s.length > MAX_SEGMENT || isOdd(s))) {
    return errorResponse(c, 'not_found', 'No route matches this path.');
  }
  if (queryStart !== -1) {
    for (const [key, value] of new URL(url).searchParams) {
      if (isOdd(key) || isOdd(value)) {
        const name = isOdd(key) ? 'a query parameter name' : key.slice(0, 64);
        return errorResponse(c, 'invalid_field', `${name}: contains a character that is not allowed.`);
      }
    }
  }
  await next();
};
