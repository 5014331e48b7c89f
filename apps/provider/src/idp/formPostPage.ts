import { pageStatus } from '../http/pageStatus';
import { randomToken } from '../crypto/hash';
import { frameHeaders } from '../frame/frameHeaders';
import { escapeHtml } from '../frame/htmlPage';

/** The CSP source of the redirect URI: its origin, or its scheme for a URI without one. */
function actionSource(redirectUri: string): string {
  const url = new URL(redirectUri);
  return url.origin === 'null' ? url.protocol : url.origin;
}

/**
 * OAuth 2.0 Form Post Response Mode: a page that posts `params` to the redirect URI as soon as it
 * loads (a button does it without JavaScript). The CSP runs only this page's one nonce'd script and
 * lets the form go only to the redirect URI's origin; values are escaped, so no markup gets in.
 */
export function formPostPage(redirectUri: string, params: Record<string, string | undefined>): Response {
  const nonce = randomToken(16);
  const inputs = Object.entries(params)
    .flatMap(([name, value]) =>
      value === undefined
        ? []
        : [`<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`],
    )
    .join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Returning to the application</title>
<style>body{font:16px/1.5 Arial,sans-serif;margin:2rem auto;max-width:32rem;padding:0 1rem;color:#19303d}</style>
</head><body>
<form method="post" action="${escapeHtml(redirectUri)}">${inputs}
<noscript><p>Press Continue to return to the application.</p><button type="submit">Continue</button></noscript>
</form>
<script nonce="${nonce}">document.forms[0].submit();</script>
</body></html>`;
  const csp = [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    "style-src 'unsafe-inline'",
    `form-action ${actionSource(redirectUri)}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
  // The POST names the provider's origin (`Origin`, and `Referer` without the ticket's URL), as
  // applications that check where a callback came from expect; the path stays private.
  return new Response(html, {
    status: pageStatus('ok'),
    headers: { ...frameHeaders(csp), 'Referrer-Policy': 'origin' },
  });
}
