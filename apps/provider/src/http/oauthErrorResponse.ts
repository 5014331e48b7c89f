import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { OAuthError, type OAuthErrorCode } from '../errors/OAuthError';
import type { AppEnv } from './deps';

/**
 * The status of each OAuth error code: 401 for a client or token that does not authenticate
 * (RFC 6749 section 5.2, RFC 6750 section 3.1), 403 for a token without the scope, else 400.
 */
const OAUTH_ERROR_STATUS: Readonly<Record<OAuthErrorCode, number>> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unauthorized_client: 400,
  unsupported_grant_type: 400,
  invalid_scope: 400,
  unsupported_token_type: 400,
  invalid_token: 401,
  insufficient_scope: 403,
};

/** Responses carrying tokens, or errors about them, must never be cached (RFC 6749 section 5.1). */
export function noStore(c: Context<AppEnv>): void {
  c.header('Cache-Control', 'no-store');
  c.header('Pragma', 'no-cache');
}

export function oauthErrorResponse(c: Context<AppEnv>, failure: OAuthError): Response {
  noStore(c);
  if (failure.challenge) c.header('WWW-Authenticate', failure.challenge);
  return c.json(
    { error: failure.error, error_description: failure.message },
    OAUTH_ERROR_STATUS[failure.error] as ContentfulStatusCode,
  );
}

/** Runs an OAuth endpoint: its `OAuthError`s become RFC responses; anything else stays a 500. */
export const answeringOAuthErrors =
  (run: (c: Context<AppEnv>) => Promise<Response>) =>
  async (c: Context<AppEnv>): Promise<Response> => {
    try {
      return await run(c);
    } catch (error) {
      if (error instanceof OAuthError) return oauthErrorResponse(c, error);
      throw error;
    }
  };
