import { describe, expect, it } from 'vitest';
import { resolveRpId } from './resolveRpId';

const rpIdOf = (authOrigin: string, requestedDomain?: string) => {
  const result = resolveRpId({ authOrigin, requestedDomain });
  return result.ok ? result.rpId : result.error_type;
};

describe('resolveRpId', () => {
  it("defaults to the auth origin's host name", () => {
    expect(rpIdOf('http://localhost:4000')).toBe('localhost');
    expect(rpIdOf('https://Auth.Example.com')).toBe('auth.example.com');
    expect(rpIdOf('https://auth.example.com', '')).toBe('auth.example.com');
  });

  it('accepts the host itself or a registrable suffix of it', () => {
    expect(rpIdOf('http://localhost:4000', 'localhost')).toBe('localhost');
    expect(rpIdOf('https://auth.example.com', 'example.com')).toBe('example.com');
    expect(rpIdOf('https://a.b.example.co.uk', 'example.co.uk')).toBe('example.co.uk');
    expect(rpIdOf('https://auth.example.com', 'EXAMPLE.com.')).toBe('example.com');
  });

  it('refuses public suffixes', () => {
    expect(rpIdOf('https://auth.example.com', 'com')).toBe('webauthn_invalid_rp_id');
    expect(rpIdOf('https://auth.example.co.uk', 'co.uk')).toBe('webauthn_invalid_rp_id');
    expect(rpIdOf('https://me.github.io', 'github.io')).toBe('webauthn_invalid_rp_id');
  });

  it('refuses a domain that is not a suffix of the host', () => {
    expect(rpIdOf('https://auth.example.com', 'other.com')).toBe('webauthn_invalid_rp_id');
    // A string suffix that is not a label boundary.
    expect(rpIdOf('https://authexample.com', 'example.com')).toBe('webauthn_invalid_rp_id');
    expect(rpIdOf('https://example.com', 'auth.example.com')).toBe('webauthn_invalid_rp_id');
    expect(rpIdOf('https://auth.example.com', 'https://example.com')).toBe('webauthn_invalid_rp_id');
  });

  it('refuses IP addresses and non-http origins', () => {
    expect(rpIdOf('http://127.0.0.1:4000')).toBe('webauthn_invalid_rp_id');
    expect(rpIdOf('http://[::1]:4000')).toBe('webauthn_invalid_rp_id');
    expect(rpIdOf('http://10.0.0.1', '0.0.1')).toBe('webauthn_invalid_rp_id');
    expect(rpIdOf('not a url')).toBe('webauthn_invalid_rp_id');
    expect(rpIdOf('ftp://example.com')).toBe('webauthn_invalid_rp_id');
  });
});
