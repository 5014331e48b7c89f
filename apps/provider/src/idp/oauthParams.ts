import { hasForbiddenCharacter, isPlainObject as isRecord } from '@latch/api';
import type { Context } from 'hono';
import type { AppEnv } from '../http/deps';
import { OAuthError } from '../errors/OAuthError';

/** The parameters of one OAuth request, each present at most once and never empty. */
export type OAuthParams = ReadonlyMap<string, string>;

/** Longer than any value this provider issues or accepts (JWTs included). */
const MAX_VALUE_LENGTH = 8192;

/** A parameter name fit for `error_description`, which allows printable ASCII but no quote or backslash. */
export const paramName = (key: string): string => (/^[a-z_]{1,64}$/.test(key) ? `The ${key}` : 'A');

/**
 * Pairs as the request sent them, as `OAuthParams`. RFC 6749 section 3.1: a parameter sent without
 * a value counts as omitted, and one sent twice makes the request invalid.
 */
export function toOAuthParams(pairs: Iterable<[string, string]>): OAuthParams {
  const params = new Map<string, string>();
  for (const [key, value] of pairs) {
    if (value === '') continue;
    if (params.has(key)) throw new OAuthError('invalid_request', `${paramName(key)} parameter is repeated.`);
    if (value.length > MAX_VALUE_LENGTH || hasForbiddenCharacter(value)) {
      throw new OAuthError('invalid_request', `${paramName(key)} parameter is not a valid value.`);
    }
    params.set(key, value);
  }
  return params;
}

/**
 * A token, revocation or introspection request body: `application/x-www-form-urlencoded` as RFC
 * 6749 requires, or a JSON object of strings (what the SDK-style clients of this provider send).
 */
export async function readOAuthBody(c: Context<AppEnv>): Promise<OAuthParams> {
  const text = await c.req.text();
  const type = c.req.header('Content-Type') ?? '';
  if (!type.toLowerCase().startsWith('application/json')) return toOAuthParams(new URLSearchParams(text));
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new OAuthError('invalid_request', 'The request body is not valid JSON.');
  }
  if (!isRecord(parsed)) throw new OAuthError('invalid_request', 'The request body must be an object.');
  const pairs: [string, string][] = [];
  for (const [key, value] of Object.entries(parsed)) {
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string')
      throw new OAuthError('invalid_request', `${paramName(key)} parameter must be a string.`);
    pairs.push([key, value]);
  }
  return toOAuthParams(pairs);
}

/** A parameter the request must have. */
export function requireParam(params: OAuthParams, key: string): string {
  const value = params.get(key);
  if (value === undefined) throw new OAuthError('invalid_request', `${paramName(key)} parameter is missing.`);
  return value;
}

/** The parameters of a navigation (each value as often as it was sent), still to be checked. */
export type NavigationParams = Map<string, string[]>;

/**
 * The parameters of a browser request to the authorization or logout endpoint: the query of a GET,
 * or the body of a form POST (OpenID Connect Core section 3.1.2.1, RP-Initiated Logout section 2).
 */
export async function readNavigationParams(c: Context<AppEnv>): Promise<NavigationParams> {
  const type = (c.req.header('Content-Type') ?? '').toLowerCase();
  const source =
    c.req.method === 'POST' && type.startsWith('application/x-www-form-urlencoded')
      ? new URLSearchParams(await c.req.text())
      : new URL(c.req.url).searchParams;
  const params: NavigationParams = new Map();
  // RFC 6749 section 3.1: a parameter without a value counts as omitted.
  for (const [key, value] of source) if (value !== '') params.set(key, [...(params.get(key) ?? []), value]);
  return params;
}
