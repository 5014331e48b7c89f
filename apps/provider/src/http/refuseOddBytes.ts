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
  try {
    return pathname.split('/').map((segment) => decodeURIComponent(segment));
  } catch {
    return null;
  }
}

/**
 * Bytes no route can use stop at the door, before any query runs: a path with bad
 * percent-encoding (or bytes that are not UTF-8), a NUL or an over-long segment names no resource (404); a
 * query parameter with a NUL is a bad field (400). Without this, PostgreSQL refuses the NUL and
 * the file system the long name, and the visitor would get a 500.
 */
export const refuseOddBytes = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const url = new URL(c.req.url);
  const segments = decodedSegments(url.pathname);
  if (!segments || segments.some((s) => s.length > MAX_SEGMENT || isOdd(s))) {
    return errorResponse(c, 'not_found', 404, 'No route matches this path.');
  }
  for (const [key, value] of url.searchParams) {
    if (isOdd(key) || isOdd(value)) {
      const name = isOdd(key) ? 'a query parameter name' : key.slice(0, 64);
      return errorResponse(c, 'invalid_field', 400, `${name}: contains a character that is not allowed.`);
    }
  }
  await next();
};
