import type { AuthorizeError } from './authorizeProblems';
import { withParams } from './clients';

/**
 * The redirect URI with the authorization response, which always carries `iss` (RFC 9207): a client
 * talking to several providers can then tell which one answered, against mix-up attacks.
 */
export const authorizationResponseUri = (
  redirectUri: string,
  issuer: string,
  params: Record<string, string | undefined>,
): string => withParams(redirectUri, { ...params, iss: issuer });

/** An authorization error sent back to the client (only ever to a registered redirect URI). */
export const authorizationErrorUri = (
  redirectUri: string,
  issuer: string,
  error: AuthorizeError,
  state: string | undefined,
): string =>
  authorizationResponseUri(redirectUri, issuer, {
    error: error.error,
    error_description: error.error_description,
    state,
  });
