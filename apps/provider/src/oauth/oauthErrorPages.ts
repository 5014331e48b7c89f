import type { ErrorType } from '@latch/api';
import type { Queryable } from '../db/Db';
import { escapeHtml, htmlPage } from '../frame/htmlPage';
import { redirectNoStore } from '../http/redirects';
import type { ProjectRef } from '../users/project';
import { issueOAuthFailure } from './oauthFailures';

/**
 * An OAuth failure goes back where the visitor came from: the login redirect URL with
 * `stytch_token_type=oauth`, a failure `token` whose redemption (`authenticateByUrl`) answers the
 * error, and for pages without the SDK `error` (the error type) and `error_description`.
 * Only listed redirect URLs get here.
 */
export async function errorRedirect(
  db: Queryable,
  project: ProjectRef,
  redirectUrl: string,
  errorType: ErrorType,
  description: string,
): Promise<Response> {
  const message = description.slice(0, 500);
  const token = await issueOAuthFailure(
    db,
    project,
    { error_type: errorType, error_message: message },
    new Date(),
  );
  const url = new URL(redirectUrl);
  url.searchParams.set('token', token);
  url.searchParams.set('stytch_token_type', 'oauth');
  url.searchParams.set('error', errorType);
  url.searchParams.set('error_description', message);
  return redirectNoStore(url.href);
}

/**
 * When there is no redirect URL to trust (unknown public token, an unlisted redirect URL, a state
 * that expired or was used): a page for a person, never a JSON body in a browser tab.
 */
export function errorPage(errorType: ErrorType, description: string): Response {
  return htmlPage(
    errorType,
    'Sign-in could not continue',
    `<p>${escapeHtml(description)}</p><p>Go back to the app and start again.</p>` +
      `<p><small>Error: <code>${escapeHtml(errorType)}</code></small></p>`,
  );
}
