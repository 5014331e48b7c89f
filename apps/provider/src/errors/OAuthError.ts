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
 * shape OAuth clients parse (`error`, `error_description`) instead of the SDK envelope, with the
 * status `http/oauthErrorResponse.ts` gives its code.
 */
export class OAuthError extends Error {
  readonly error: OAuthErrorCode;
  /** A `WWW-Authenticate` value: RFC 6749 requires one when a Basic-authenticated client fails. */
  readonly challenge: string | undefined;

  constructor(error: OAuthErrorCode, description: string, options: { challenge?: string } = {}) {
    super(description);
    this.name = 'OAuthError';
    this.error = error;
    this.challenge = options.challenge;
  }
}
