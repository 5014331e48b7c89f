import { describe, expect, it } from 'vitest';
import { readValue } from './readValue';
import { loginConfigSchema } from './config';
import { frameMethodSchemas, hostMethodSchemas } from './methods';
import { frameUrl, mountStateSchema, parseFrameSearch } from './mount';
import { PROTOCOL_VERSION } from './mountKinds';
import { stylesInputSchema } from './styles';

const session = {
  session_token: 'tok',
  session_jwt: 'jwt',
  session: {
    session_id: 's',
    user_id: 'u',
    started_at: '2026-01-01T00:00:00Z',
    last_accessed_at: '2026-01-01T00:00:00Z',
    expires_at: '2026-01-01T00:30:00Z',
    attributes: { ip_address: '', user_agent: '' },
    authentication_factors: [],
    custom_claims: null,
    roles: [],
  },
  user: { user_id: 'u' },
};

describe('login config', () => {
  it('accepts the products of the spec and their options', () => {
    const r = readValue(loginConfigSchema, {
      products: ['emailMagicLinks', 'otp', 'oauth'],
      otpOptions: { methods: ['sms', 'whatsapp'], expirationMinutes: 5 },
      oauthOptions: { providers: [{ type: 'google', one_tap: true }] },
    });
    expect(r.ok).toBe(true);
  });

  it('refuses an unknown product, naming it', () => {
    const r = readValue(loginConfigSchema, { products: ['emailMagicLink'] });
    expect(r).toEqual({
      ok: false,
      error:
        'products[0]: expected one of emailMagicLinks, otp, passwords, passkeys, oauth, crypto, got string',
    });
  });

  it('refuses a misspelt option', () => {
    const r = readValue(loginConfigSchema, { products: ['otp'], otpOption: {} });
    expect(r).toEqual({ ok: false, error: 'otpOption: unknown option' });
  });
});

describe('styles', () => {
  it('accepts one style object or a [light, dark] pair', () => {
    expect(readValue(stylesInputSchema, { colors: { primary: '#000' } }).ok).toBe(true);
    expect(readValue(stylesInputSchema, [{}, { container: { backgroundColor: '#111' } }]).ok).toBe(true);
  });
  it('refuses a pair of the wrong length', () => {
    expect(readValue(stylesInputSchema, [{}, {}, {}]).ok).toBe(false);
  });
});

describe('frame URL', () => {
  it('round-trips config and styles through the iframe URL', () => {
    const config = { products: ['otp' as const], otpOptions: { methods: ['sms' as const] } };
    const url = new URL(
      frameUrl({
        authOrigin: 'http://localhost:4000',
        kind: 'login',
        publicToken: 'public-token-test-x',
        config,
        styles: {},
      }),
    );
    expect(url.origin).toBe('http://localhost:4000');
    expect(url.pathname).toBe('/frame/login');
    expect(url.searchParams.get('public_token')).toBe('public-token-test-x');
    expect(parseFrameSearch(url.search)).toEqual({ config, styles: {}, errors: [] });
  });

  it('falls back to defaults and reports malformed options', () => {
    const r = parseFrameSearch('?config=%7Bnot-json&styles=%7B%22x%22%3A1%7D');
    expect(r.config).toEqual({ products: [] });
    expect(r.styles).toEqual({});
    expect(r.errors).toEqual(['config: not JSON', 'styles.x: unknown option']);
  });
});

describe('channel arguments', () => {
  it('accepts a valid mount state', () => {
    const r = readValue(mountStateSchema, {
      protocolVersion: PROTOCOL_VERSION,
      kind: 'login',
      config: { products: ['emailMagicLinks'] },
      styles: {},
      strings: { 'login.title': 'Hi' },
      session: null,
      hostSearch: '',
      hasConsentManifest: false,
      autoFocus: false,
    });
    expect(r.ok).toBe(true);
  });

  it('refuses malformed host method arguments', () => {
    expect(readValue(hostMethodSchemas.resize, { height: -1 }).ok).toBe(false);
    expect(readValue(hostMethodSchemas.resize, { height: '10' }).ok).toBe(false);
    expect(readValue(hostMethodSchemas.emitEvent, { type: 'NOT_AN_EVENT', data: {} }).ok).toBe(false);
    expect(readValue(hostMethodSchemas.navigate, { url: 'https://x', reason: 'because' }).ok).toBe(false);
    expect(readValue(hostMethodSchemas.setSession, { session_token: 1 }).ok).toBe(false);
    expect(
      readValue(hostMethodSchemas.setSession, { ...session, session: { ...session.session, expires_at: 5 } })
        .ok,
    ).toBe(false);
  });

  it('accepts a well-formed session update', () => {
    expect(readValue(hostMethodSchemas.setSession, session).ok).toBe(true);
    expect(readValue(frameMethodSchemas.sessionChanged, { session: null }).ok).toBe(true);
    expect(readValue(frameMethodSchemas.sessionChanged, { session: { session_token: 'a' } }).ok).toBe(false);
  });
});
