import { describe, expect, it } from 'vitest';
import { cookieAttributes, createCookieJar, isLocalhost } from './cookies';
import { fakeCookieDocument } from './testing';

const expires = new Date('2030-01-01T00:30:00Z');

describe('cookie attributes', () => {
  it('are Secure and SameSite=Lax with the session expiry on a real host', () => {
    expect(cookieAttributes({}, 'app.example.com', expires)).toBe(
      '; path=/; expires=Tue, 01 Jan 2030 00:30:00 GMT; SameSite=Lax; Secure',
    );
  });

  it('drop Secure on localhost and loopback addresses', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]']) {
      expect(isLocalhost(host)).toBe(true);
      expect(cookieAttributes({}, host, expires)).not.toContain('Secure');
    }
    expect(isLocalhost('127.0.0.1.example.com')).toBe(false);
    expect(isLocalhost('localhost.example.com')).toBe(false);
  });

  it('carry a domain only with availableToSubdomains, never on localhost', () => {
    expect(cookieAttributes({}, 'app.example.com', expires)).not.toContain('domain');
    expect(cookieAttributes({ availableToSubdomains: true }, 'app.example.com', expires)).toContain(
      '; domain=app.example.com',
    );
    expect(
      cookieAttributes({ availableToSubdomains: true, domain: 'example.com' }, 'app.example.com', expires),
    ).toContain('; domain=example.com');
    expect(cookieAttributes({ availableToSubdomains: true }, 'localhost', expires)).not.toContain('domain');
  });

  it('use the configured path', () => {
    expect(cookieAttributes({ path: '/app' }, 'localhost', null)).toBe('; path=/app; SameSite=Lax');
  });
});

describe('createCookieJar', () => {
  it('uses the default names or the configured ones', () => {
    const doc = fakeCookieDocument('localhost');
    expect(createCookieJar({}, doc).names).toEqual({
      session: 'stytch_session',
      jwt: 'stytch_session_jwt',
      intermediate: 'stytch_intermediate_session_token',
    });
    const named = createCookieJar(
      { opaqueTokenCookieName: 'a', jwtCookieName: 'b', istCookieName: 'c' },
      doc,
    );
    expect(named.names).toEqual({ session: 'a', jwt: 'b', intermediate: 'c' });
  });

  it('writes, reads and removes, encoding values', () => {
    const doc = fakeCookieDocument('localhost');
    const jar = createCookieJar({}, doc);
    jar.write('stytch_session', 'a b;c', expires);
    expect(doc.writes[0]).toMatch(/^stytch_session=a%20b%3Bc; path=\/; expires=/);
    expect(jar.read('stytch_session')).toBe('a b;c');
    expect(jar.read('stytch_session_jwt')).toBeNull();
    jar.remove('stytch_session');
    expect(jar.read('stytch_session')).toBeNull();
  });
});
