import type { ErrorType } from '@latch/api';
import { escapeHtml, htmlPage } from '../frame/htmlPage';

/**
 * An OAuth failure goes back where the visitor came from: the login redirect URL with
 * `stytch_token_type=oauth`, `error` (the error type) and `error_description`, which the landing
 * page's `authenticateByUrl` reports like a failed token. Only listed redirect URLs get here.
 */
export function errorRedirect(redirectUrl: string, errorType: ErrorType, description: string): Response {
  const url = new URL(redirectUrl);
  url.searchParams.set('stytch_token_type', 'oauth');
  url.searchParams.set('error', errorType);
  url.searchParams.set('error_description', description.slice(0, 500));
  return new Response(null, { status: 302, headers: { Location: url.href, 'Cache-Control': 'no-store' } });
}

/**
 * When there is no redirect URL to trust (unknown public token, an unlisted redirect URL, a state
 * that expired or was used): a page for a person, never a JSON body in a browser tab.
 */
export function errorPage(status: number, errorType: ErrorType, description: string): Response {
  return htmlPage(
    status,
    'Sign-in could not continue',
    `<p>${escapeHtml(description)}</p><p>Go back to the app and start again.</p>` +
      `<p><small>Error: <code>${escapeHtml(errorType)}</code></small></p>`,
  );
}
