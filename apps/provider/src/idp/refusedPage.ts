import { escapeHtml, htmlPage } from '../frame/htmlPage';

/**
 * The visitor's page when a browser request cannot be answered to the application: its client or
 * redirect URI is not known good, so no redirect may go anywhere.
 */
export const refusedPage = (title: string, reason: string): Response =>
  htmlPage(
    'bad_request',
    title,
    `<p>${escapeHtml(reason)}</p><p>Go back to the application and try again, or tell its developer.</p>`,
  );
