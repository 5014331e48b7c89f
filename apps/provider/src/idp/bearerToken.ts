import type { Context } from 'hono';
import type { AppEnv } from '../http/deps';
import { OAuthError } from '../errors/OAuthError';
import { toOAuthParams } from './oauthParams';

/** RFC 6750 section 3: the challenge a protected resource answers, with the error when there is one. */
export const bearerChallenge = (error?: string, description?: string): string =>
  error === undefined
    ? 'Bearer realm="userinfo"'
    : `Bearer realm="userinfo", error="${error}", error_description="${description ?? ''}"`;

/**
 * The access token of a protected-resource request: `Authorization: Bearer` (RFC 6750 section
 * 2.1) or, on POST, the form field `access_token` (section 2.2), never both. Null when absent.
 */
export async function bearerToken(c: Context<AppEnv>): Promise<string | null> {
  const header = c.req.header('Authorization');
  const fromHeader =
    header === undefined ? null : (/^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i.exec(header)?.[1] ?? null);
  if (header !== undefined && fromHeader === null) {
    throw new OAuthError('invalid_request', 'The Authorization header is not a Bearer token.', {
      challenge: bearerChallenge('invalid_request', 'Send Authorization: Bearer <access token>.'),
    });
  }
  const form = (c.req.header('Content-Type') ?? '')
    .toLowerCase()
    .startsWith('application/x-www-form-urlencoded');
  const fromBody =
    c.req.method === 'POST' && form
      ? (toOAuthParams(new URLSearchParams(await c.req.text())).get('access_token') ?? null)
      : null;
  if (fromHeader !== null && fromBody !== null) {
    throw new OAuthError('invalid_request', 'Send the access token once, not in the header and the body.', {
      challenge: bearerChallenge('invalid_request', 'Send the access token once.'),
    });
  }
  return fromHeader ?? fromBody;
}
