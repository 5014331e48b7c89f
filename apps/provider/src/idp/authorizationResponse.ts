import type { Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';
import type { AuthorizeError, ResponseMode } from './authorizeProblems';
import { withParams } from './clients';
import { formPostUri } from './formPostTickets';

/**
 * The redirect URI with the authorization response, which always carries `iss` (RFC 9207): a client
 * talking to several providers can then tell which one answered, against mix-up attacks.
 */
export const authorizationResponseUri = (
  redirectUri: string,
  issuer: string,
  params: Record<string, string | undefined>,
): string => withParams(redirectUri, { ...params, iss: issuer });

/** The error parameters of an authorization response (only ever sent to a registered redirect URI). */
export const errorParams = (error: AuthorizeError, state: string | undefined) => ({
  error: error.error,
  error_description: error.error_description,
  state,
});

/** An authorization error sent back to the client in the query. */
export const authorizationErrorUri = (
  redirectUri: string,
  issuer: string,
  error: AuthorizeError,
  state: string | undefined,
): string => authorizationResponseUri(redirectUri, issuer, errorParams(error, state));

/** The response parameters with `iss`, the absent ones left out. */
const present = (params: Record<string, string | undefined>, issuer: string): Record<string, string> =>
  Object.fromEntries(
    Object.entries({ ...params, iss: issuer }).filter((e): e is [string, string] => e[1] !== undefined),
  );

/**
 * Where the screen sends the page with the authorization response: the redirect URI with it in the
 * query, or, for `response_mode=form_post`, the page that posts it there.
 */
export function authorizationAnswerUri(
  db: Queryable,
  input: {
    project: ProjectRef;
    issuer: string;
    redirectUri: string;
    mode: ResponseMode;
    params: Record<string, string | undefined>;
    now: Date;
  },
): Promise<string> {
  const { project, issuer, redirectUri, params, now } = input;
  if (input.mode === 'query') return Promise.resolve(authorizationResponseUri(redirectUri, issuer, params));
  const response = { redirectUri, params: present(params, issuer) };
  return formPostUri(db, { project, issuer, response, now });
}
