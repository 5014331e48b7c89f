/** Security headers of frame documents (docs/security.md, frame hardening). */

/** Google Identity Services' sources, as Google documents them for a Content-Security-Policy. */
const GSI = {
  script: 'https://accounts.google.com/gsi/client',
  style: 'https://accounts.google.com/gsi/style',
  frame: 'https://accounts.google.com/gsi/',
  connect: 'https://accounts.google.com/gsi/',
};

export function frameCsp({
  nonce,
  apiBaseUrl,
  ancestors,
  googleOneTap = false,
}: {
  nonce: string;
  apiBaseUrl: string;
  ancestors: readonly string[];
  /** The frame shows Google One Tap with Google's own script: only then may it load Google's code. */
  googleOneTap?: boolean;
}): string {
  const gsi = (source: string) => (googleOneTap ? ` ${source}` : '');
  return [
    "default-src 'none'",
    `script-src 'self' 'nonce-${nonce}'${gsi(GSI.script)}`,
    `style-src 'self' 'unsafe-inline'${gsi(GSI.style)}`,
    "img-src 'self' data: https:",
    `connect-src 'self' ${apiBaseUrl}${gsi(GSI.connect)}`,
    ...(googleOneTap ? [`frame-src ${GSI.frame}`] : []),
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
