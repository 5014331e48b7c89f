import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { AppEnv } from '../http/deps';

/** RFC 6749 section 5.2, RFC 7009 section 2.2.1 and RFC 6750 section 3.1 error codes. */
export type OAuthErrorCode =
  | 'invalid_request'
  | 'invalid_client'
  | 'invalid_grant'
  | 'unauthorized_client'
  | 'unsupported_grant_type'
  | 'invalid_scope'
  | 'unsupported_token_type'
  | 'invalid_token'
  | 'insufficient_scope';

/**
 * An error of the OAuth endpoints (token, revocation, introspection, UserInfo), answered in the
 * shape OAuth clients parse (`error`, `error_description`) instead of the SDK envelope.
 */
export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  readonly status: number;
  /** A `WWW-Authenticate` value: RFC 6749 requires one when a Basic-authenticated client fails. */
  readonly challenge: string | undefined;

  constructor(
    error: OAuthErrorCode,
    description: string,
    options: { status?: number; challenge?: string } = {},
  ) {
    super(description);
    this.name = 'OAuthError';
    this.error = error;
    this.status = options.status ?? (error === 'invalid_client' || error === 'invalid_token' ? 401 : 400);
    this.challenge = options.challenge;
  }
}

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
    failure.status as ContentfulStatusCode,
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
