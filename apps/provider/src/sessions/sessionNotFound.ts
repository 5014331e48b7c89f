import { AuthError } from '../errors/AuthError';

/** A session token, JWT or id that names no live session: every session route's one answer for it. */
export const sessionNotFound = (): AuthError =>
  new AuthError('session_not_found', 'The session expired, was revoked, or never existed.');
