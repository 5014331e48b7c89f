/**
 * Authorization errors the client receives at its redirect URI (RFC 6749 section 4.1.2.1, OpenID
 * Connect Core section 3.1.2.6). Only ever sent once the client and its redirect URI are known good.
 */
export type AuthorizeErrorCode =
  | 'invalid_request'
  | 'unsupported_response_type'
  | 'access_denied'
  | 'login_required'
  | 'consent_required'
  | 'request_not_supported'
  | 'request_uri_not_supported'
  | 'server_error';

export interface AuthorizeError {
  error: AuthorizeErrorCode;
  error_description: string;
}

const problem = (error: AuthorizeErrorCode, error_description: string): AuthorizeError => ({
  error,
  error_description,
});

/** `prompt` values this provider knows; `select_account` is a no-op (a visitor has one session). */
export const PROMPT_VALUES = ['none', 'login', 'consent', 'select_account'];

/** The space-separated `prompt` values, once each. */
export const promptValues = (prompt: string | undefined): string[] => [
  ...new Set((prompt ?? '').split(' ').filter((p) => p !== '')),
];

/**
 * How recent an authentication `prompt=login` (and `max_age=0`, its equivalent) accepts. The
 * consent screen cannot sign a visitor in again itself, so "log in again" is honoured as "logged in
 * just now", long enough to cover signing in on the authorization page and reading the consent.
 */
export const RECENT_LOGIN_SECONDS = 300;

/**
 * `code`, and `id_token` (an ID token alone, with no access token in the front channel). Responses
 * with `token` are refused: RFC 9700 section 2.1.2 says not to issue access tokens that way.
 */
export const RESPONSE_TYPES = ['code', 'id_token'];

/** `fragment` is not served: an ID token goes back in a form post, never in a URL. */
export const RESPONSE_MODES = ['query', 'form_post'];

/** How the response to a request goes back: a bad or absent `response_mode` answers in the query. */
export type ResponseMode = 'query' | 'form_post';
export const responseModeOf = (p: { response_mode?: string | undefined }): ResponseMode =>
  p.response_mode === 'form_post' ? 'form_post' : 'query';

export interface RequestShape {
  response_type?: string | undefined;
  response_mode?: string | undefined;
  nonce?: string | undefined;
  scopes?: readonly string[];
  prompt?: string | undefined;
  max_age?: string | undefined;
  code_challenge?: string | undefined;
  code_challenge_method?: string | undefined;
}

/**
 * What is wrong with the request's own parameters, or null. `defaultMethod` is the PKCE method a
 * challenge without `code_challenge_method` means: `plain` by RFC 7636 at the authorization
 * endpoint (so refused), `S256` on the SDK endpoints, whose screen never forwarded the method.
 */
export function requestProblem(p: RequestShape, defaultMethod: 'plain' | 'S256'): AuthorizeError | null {
  if (p.response_type === undefined) return problem('invalid_request', 'response_type is missing.');
  if (!RESPONSE_TYPES.includes(p.response_type)) {
    return problem(
      'unsupported_response_type',
      'Only response_type=code and response_type=id_token are served; token responses are not.',
    );
  }
  if (p.response_mode !== undefined && !RESPONSE_MODES.includes(p.response_mode)) {
    return problem('invalid_request', 'response_mode must be query or form_post.');
  }
  if (p.response_type === 'id_token') {
    // OAuth 2.0 Multiple Response Type Encoding Practices: an ID token is never put in a query.
    if (p.response_mode !== 'form_post') {
      return problem('invalid_request', 'response_type=id_token needs response_mode=form_post.');
    }
    // OpenID Connect Core section 3.2.2.1: the nonce is what ties the ID token to this request.
    if (p.nonce === undefined) return problem('invalid_request', 'response_type=id_token needs a nonce.');
    if (!p.scopes?.includes('openid')) {
      return problem('invalid_request', 'response_type=id_token needs the openid scope.');
    }
  }
  const prompts = promptValues(p.prompt);
  const unknown = prompts.find((value) => !PROMPT_VALUES.includes(value));
  if (unknown !== undefined)
    return problem('invalid_request', 'prompt has a value this provider does not know.');
  if (prompts.includes('none') && prompts.length > 1) {
    return problem('invalid_request', 'prompt=none cannot be combined with other prompt values.');
  }
  if (p.max_age !== undefined && !/^\d{1,10}$/.test(p.max_age)) {
    return problem('invalid_request', 'max_age must be a number of seconds.');
  }
  if (p.code_challenge === undefined) {
    return p.code_challenge_method === undefined
      ? null
      : problem('invalid_request', 'code_challenge_method was sent without a code_challenge.');
  }
  if ((p.code_challenge_method ?? defaultMethod) !== 'S256') {
    return problem('invalid_request', 'code_challenge_method must be S256; plain is not supported.');
  }
  if (!/^[A-Za-z0-9_-]{43}$/.test(p.code_challenge)) {
    return problem(
      'invalid_request',
      'code_challenge must be the 43-character base64url SHA-256 of the verifier.',
    );
  }
  return null;
}

/**
 * `login_required` when the session's authentication (`authTime`, seconds) is older than the
 * request allows: `max_age` seconds, or `RECENT_LOGIN_SECONDS` for `prompt=login` / `max_age=0`.
 */
export function freshnessProblem(
  authTime: number,
  p: Pick<RequestShape, 'prompt' | 'max_age'>,
  now: Date,
): AuthorizeError | null {
  const limits: number[] = [];
  if (promptValues(p.prompt).includes('login')) limits.push(RECENT_LOGIN_SECONDS);
  if (p.max_age !== undefined) {
    const maxAge = Number(p.max_age);
    limits.push(maxAge === 0 ? RECENT_LOGIN_SECONDS : maxAge);
  }
  if (limits.length === 0) return null;
  const age = Math.floor(now.getTime() / 1000) - authTime;
  return age > Math.min(...limits)
    ? problem('login_required', 'The session is older than the request allows; sign in again.')
    : null;
}
