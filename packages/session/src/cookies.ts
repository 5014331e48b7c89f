import { readCookie } from './readCookie';
import type { CookieOptions } from './types';

export const DEFAULT_COOKIE_NAMES = {
  session: 'stytch_session',
  jwt: 'stytch_session_jwt',
  intermediate: 'stytch_intermediate_session_token',
} as const;

/** The intermediate session token lives 10 minutes. */
export const INTERMEDIATE_TOKEN_MS = 10 * 60 * 1000;

/** Loopback hosts where browsers refuse `Secure` over http and a `domain` makes no sense. */
export function isLocalhost(hostname: string): boolean {
  return (
    hostname === 'localhost' ||
    hostname === '[::1]' ||
    hostname === '::1' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/** The three cookie names, after the host's renames. */
export const cookieNames = (options: CookieOptions): CookieJar['names'] => ({
  session: options.opaqueTokenCookieName ?? DEFAULT_COOKIE_NAMES.session,
  jwt: options.jwtCookieName ?? DEFAULT_COOKIE_NAMES.jwt,
  intermediate: options.istCookieName ?? DEFAULT_COOKIE_NAMES.intermediate,
});

export interface CookieJar {
  read(name: string): string | null;
  write(name: string, value: string, expires: Date | null): void;
  remove(name: string): void;
  readonly names: { session: string; jwt: string; intermediate: string };
}

/** Builds the attribute string for one cookie (docs/embed.md, session cookies). */
export function cookieAttributes(
  options: CookieOptions,
  hostname: string,
  expires: Date | null,
  withDomain = !!options.availableToSubdomains,
): string {
  const local = isLocalhost(hostname);
  let attrs = `; path=${options.path ?? '/'}`;
  if (expires && !Number.isNaN(expires.getTime())) attrs += `; expires=${expires.toUTCString()}`;
  attrs += '; SameSite=Lax';
  if (!local) attrs += '; Secure';
  if (withDomain && !local) attrs += `; domain=${options.domain ?? hostname}`;
  return attrs;
}

/** The part of `document` the jar needs; tests pass a fake. */
export interface CookieDocument {
  cookie: string;
  readonly location: { readonly hostname: string } | null;
}

export function createCookieJar(options: CookieOptions, doc: CookieDocument = document): CookieJar {
  const hostname = () => doc.location?.hostname ?? '';
  return {
    names: cookieNames(options),
    read: (name) => readCookie(doc.cookie, name),
    write(name, value, expires) {
      doc.cookie = `${name}=${encodeURIComponent(value)}${cookieAttributes(options, hostname(), expires)}`;
    },
    remove(name) {
      const past = new Date(0);
      // Remove both scopes, so flipping `availableToSubdomains` never leaves a stale twin behind.
      doc.cookie = `${name}=${cookieAttributes(options, hostname(), past, false)}`;
      if (!isLocalhost(hostname()))
        doc.cookie = `${name}=${cookieAttributes(options, hostname(), past, true)}`;
    },
  };
}
