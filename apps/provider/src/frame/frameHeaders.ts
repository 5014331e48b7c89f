/** Security headers of frame documents (docs/security.md, frame hardening). */

export function frameCsp({
  nonce,
  apiBaseUrl,
  ancestors,
}: {
  nonce: string;
  apiBaseUrl: string;
  ancestors: readonly string[];
}): string {
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    `connect-src 'self' ${apiBaseUrl}`,
    "font-src 'self' data:",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    // Exactly the project's authorized origins: the same list penpal and CORS use.
    `frame-ancestors ${ancestors.length ? ancestors.join(' ') : "'none'"}`,
  ].join('; ');
}

/** Pages that must never be embedded: error pages, the dev inbox, the home page. */
export const NO_EMBED_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const frameHeaders = (csp: string): Record<string, string> => ({
  'Content-Type': 'text/html; charset=utf-8',
  'Content-Security-Policy': csp,
  'Referrer-Policy': 'no-referrer',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'no-store',
});
