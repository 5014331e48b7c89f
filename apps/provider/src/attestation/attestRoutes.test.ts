import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrustedAuthTokenProfile } from '../config/trustedAuthTokenProfileSchema';
import { openAuthKit, type AuthKit } from '../../test/authTestKit';
import { testConfig, testProject } from '../../test/testConfig';

const ISSUER = 'https://idp.partner.example';
const AUDIENCE = 'latch-test';
let n = 0;
const freshEmail = () => `attest${++n}-${Date.now()}@example.com`;

/** Generous: a fresh PGlite database and its first signing key take a while on a busy machine. */
const SLOW = { timeout: 30_000 };

type Json = Record<string, unknown>;

describe('POST /sessions/attest', SLOW, () => {
  let kit: AuthKit;
  let issuerKey: CryptoKey;
  let otherKey: CryptoKey;
  let jwksKey: CryptoKey;
  let p384Key: CryptoKey;
  let jwksServer: Server;
  let pem = '';

  /** A token as the partner issuer signs it; `claims` override the defaults (`undefined` drops one). */
  const token = async (
    claims: Record<string, unknown> = {},
    { key = issuerKey, alg = 'ES256', kid }: { key?: CryptoKey; alg?: string; kid?: string } = {},
  ) => {
    const now = Math.floor(Date.now() / 1000);
    const payload: Record<string, unknown> = {
      iss: ISSUER,
      aud: AUDIENCE,
      iat: now,
      exp: now + 300,
      email: freshEmail(),
      jti: `jti-${++n}`,
      ...claims,
    };
    const defined = Object.fromEntries(Object.entries(payload).filter(([, v]) => v !== undefined));
    return new SignJWT(defined).setProtectedHeader({ alg, ...(kid ? { kid } : {}) }).sign(key);
  };
  const attest = (body: unknown) => kit.post('/sessions/attest', body);
  const errorOf = (r: { status: number; body: Json }) => [r.status, r.body['error_type']];

  beforeAll(async () => {
    const issuerPair = await generateKeyPair('ES256');
    issuerKey = issuerPair.privateKey;
    pem = await exportSPKI(issuerPair.publicKey);
    otherKey = (await generateKeyPair('ES256')).privateKey;
    p384Key = (await generateKeyPair('ES384')).privateKey;
    const jwksPair = await generateKeyPair('RS256');
    jwksKey = jwksPair.privateKey;
    const jwk = { ...(await exportJWK(jwksPair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
    jwksServer = createServer((_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ keys: [jwk] }));
    });
    await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
    const { port } = jwksServer.address() as AddressInfo;

    const profiles: TrustedAuthTokenProfile[] = [
      {
        profile_id: 'pem-jit',
        issuer: ISSUER,
        audience: AUDIENCE,
        public_key_pem: pem,
        attribute_mapping: { email: 'email', token_id: 'jti' },
        can_jit_provision: true,
        issuer_verifies_email: true,
      },
      {
        profile_id: 'pem-existing-only',
        issuer: ISSUER,
        audience: AUDIENCE,
        public_key_pem: pem,
        attribute_mapping: { email: 'email' },
        can_jit_provision: false,
        issuer_verifies_email: false,
      },
      {
        profile_id: 'jwks',
        issuer: ISSUER,
        audience: AUDIENCE,
        jwks_url: `http://127.0.0.1:${port}/.well-known/jwks.json`,
        attribute_mapping: { email: 'mail' },
        can_jit_provision: true,
        issuer_verifies_email: false,
      },
      {
        profile_id: 'jwks-down',
        issuer: ISSUER,
        audience: AUDIENCE,
        // Port 1 on loopback: nothing listens, the fetch fails at once.
        jwks_url: 'http://127.0.0.1:1/jwks.json',
        attribute_mapping: { email: 'email' },
        can_jit_provision: true,
        issuer_verifies_email: false,
      },
    ];
    const [project, ...rest] = testConfig().projects;
    kit = await openAuthKit('pglite', {
      projects: [testProject({ ...project, trusted_auth_token_profiles: profiles }), ...rest],
    });
  }, 60_000);
  afterAll(async () => {
    await kit?.close();
    await new Promise((resolve) => jwksServer?.close(resolve));
  });

  it('exchanges a valid token for a session of a new user, with the email verified', async () => {
    const email = freshEmail();
    const r = await attest({ profile_id: 'pem-jit', token: await token({ email: email.toUpperCase() }) });
    expect(r.status).toBe(200);
    const data = r.body['data'] as Json;
    expect(data).toMatchObject({
      status_code: 200,
      user_id: expect.stringMatching(/^user-test-/),
      session_token: expect.any(String),
      session_jwt: expect.any(String),
    });
    const user = data['user'] as { emails: { email: string; verified: boolean }[] };
    expect(user.emails).toEqual([expect.objectContaining({ email, verified: true })]);
    const session = data['session'] as { authentication_factors: Json[] };
    expect(session.authentication_factors).toEqual([
      {
        type: 'trusted_auth_token',
        delivery_method: 'trusted_token_exchange',
        last_authenticated_at: expect.any(String),
      },
    ]);
    expect((await kit.verifyJwt(String(data['session_jwt']))).sub).toBe(data['user_id']);
    const me = await kit.ok('/sessions/authenticate', {}, String(data['session_token']));
    expect(me['user_id']).toBe(data['user_id']);
  });

  it('signs an existing user in, and without JIT provisioning refuses an unknown email', async () => {
    const existing = await kit.signInByMagicLink(freshEmail());
    const email = (existing['user'] as { emails: { email: string }[] }).emails[0]?.email;
    const r = await attest({ profile_id: 'pem-existing-only', token: await token({ email }) });
    expect(r.status).toBe(200);
    expect((r.body['data'] as Json)['user_id']).toBe(existing['user_id']);

    const unknown = await attest({ profile_id: 'pem-existing-only', token: await token() });
    expect(errorOf(unknown)).toEqual([404, 'email_not_found']);
  });

  it('does not mark the email verified when the issuer does not vouch for it', async () => {
    const jwt = await token(
      { mail: freshEmail(), email: undefined },
      { key: jwksKey, alg: 'RS256', kid: 'k1' },
    );
    const r = await attest({ profile_id: 'jwks', token: jwt });
    expect(r.status).toBe(200);
    const user = (r.body['data'] as Json)['user'] as { emails: { verified: boolean }[] };
    expect(user.emails[0]?.verified).toBe(false);
  });

  it("claims a stranger's password sign-up when an issuer that checks addresses attests its email", async () => {
    const email = freshEmail();
    const password = 'plum-Vortex-9-quietly-Anchor';
    const stranger = await kit.ok('/passwords', { email, password, session_duration_minutes: 30 });
    const owner = await attest({ profile_id: 'pem-jit', token: await token({ email }) });
    expect((owner.body['data'] as Json)['user_id']).toBe(stranger['user_id']);
    const old = await kit.post('/sessions/authenticate', {}, String(stranger['session_token']));
    expect(errorOf(old)).toEqual([404, 'session_not_found']);
    const login = await kit.post('/passwords/authenticate', {
      email,
      password,
      session_duration_minutes: 30,
    });
    expect(errorOf(login)).toEqual([400, 'reset_password']);
  });

  it('answers invalid_token, not a 500, when the JWKS cannot be fetched', async () => {
    const jwt = await token({}, { key: jwksKey, alg: 'RS256', kid: 'k1' });
    const r = await attest({ profile_id: 'jwks-down', token: jwt });
    expect(errorOf(r)).toEqual([401, 'invalid_token']);
    expect(r.body['error_message']).toContain('JWKS is unavailable');
  });

  it('remembers the token id of a token that expires in the far future without failing', async () => {
    const jwt = await token({ exp: 1e20 });
    expect((await attest({ profile_id: 'pem-jit', token: jwt })).status).toBe(200);
    expect(errorOf(await attest({ profile_id: 'pem-jit', token: jwt }))).toEqual([401, 'invalid_token']);
  });

  it('refuses a replayed token id', async () => {
    const jwt = await token();
    expect((await attest({ profile_id: 'pem-jit', token: jwt })).status).toBe(200);
    const again = await attest({ profile_id: 'pem-jit', token: jwt });
    expect(errorOf(again)).toEqual([401, 'invalid_token']);
    expect(again.body['error_message']).toBe('This trusted auth token was already used.');
  });

  it.each([
    ['a bad signature', () => token({}, { key: otherKey }), 'signature does not verify'],
    ['the wrong issuer', () => token({ iss: 'https://evil.example' }), '"iss" claim'],
    ['the wrong audience', () => token({ aud: 'someone-else' }), '"aud" claim'],
    ['an expired token', () => token({ exp: Math.floor(Date.now() / 1000) - 120 }), 'has expired'],
    ['a token not yet valid', () => token({ nbf: Math.floor(Date.now() / 1000) + 600 }), '"nbf" claim'],
    ['no expiry', () => token({ exp: undefined }), '"exp" claim'],
    ['no email claim', () => token({ email: undefined }), '"email" claim is not an email address'],
    ['an email claim that is no address', () => token({ email: 'not-an-email' }), 'not an email address'],
    ['no token id', () => token({ jti: undefined }), '"jti" claim must be a token id'],
    [
      'an allowed algorithm that does not fit the key',
      () => token({}, { key: p384Key, alg: 'ES384' }),
      'signature does not verify',
    ],
    ['garbage', async () => 'not.a.jwt', 'not a valid signed JWT'],
  ])('answers invalid_token (401) for %s', async (_name, make, message) => {
    const r = await attest({ profile_id: 'pem-jit', token: await make() });
    expect(errorOf(r)).toEqual([401, 'invalid_token']);
    expect(r.body['error_message']).toContain(message);
    expect(r.body['status_code']).toBe(401);
  });

  it('refuses an HMAC-signed token even if its secret were the PEM text', async () => {
    const secret = new TextEncoder().encode(pem);
    const now = Math.floor(Date.now() / 1000);
    const jwt = await new SignJWT({
      iss: ISSUER,
      aud: AUDIENCE,
      exp: now + 60,
      email: freshEmail(),
      jti: 'h',
    })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(secret);
    const r = await attest({ profile_id: 'pem-jit', token: jwt });
    expect(errorOf(r)).toEqual([401, 'invalid_token']);
    expect(r.body['error_message']).toContain('algorithm that is not allowed');
  });

  it('answers 404 for an unknown profile and 400 for a body of the wrong shape', async () => {
    expect(errorOf(await attest({ profile_id: 'nope', token: await token() }))).toEqual([
      404,
      'trusted_auth_token_profile_not_found',
    ]);
    const shapes: [unknown, string][] = [
      [{}, 'missing_field'],
      [{ profile_id: 'pem-jit' }, 'missing_field'],
      [{ profile_id: 'pem-jit', token: 7 }, 'invalid_field'],
      [{ profile_id: '', token: 'x' }, 'invalid_field'],
      [[], 'bad_request'],
    ];
    const answers = await Promise.all(shapes.map(([body]) => attest(body)));
    expect(answers.map((r) => errorOf(r))).toEqual(shapes.map(([, type]) => [400, type]));
    const duration = await attest({
      profile_id: 'pem-jit',
      token: await token(),
      session_duration_minutes: 1,
    });
    expect(errorOf(duration)).toEqual([400, 'invalid_field']);
    expect(kit.logger.errors).toEqual([]);
  });
});
