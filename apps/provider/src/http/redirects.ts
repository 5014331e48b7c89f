import type { Context } from 'hono';

/** A redirect nobody may cache (302): a finished or failed OAuth sign-in carries a one-time token. */
export const redirectNoStore = (location: string): Response =>
  new Response(null, { status: 302, headers: { Location: location, 'Cache-Control': 'no-store' } });

/** Redirects with 303, so the browser follows with a GET whatever the request's method (RFC 9110 section 15.4.4). */
export const seeOther = (c: Context, location: string): Response => c.redirect(location, 303);
