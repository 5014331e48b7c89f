import { describe, expect, it, vi } from 'vitest';
import { basic } from '../../test/testConfig';
import { DB_KINDS } from '../../test/testDatabases';
import { authKitFor, PROJECT_ID } from '../../test/authTestKit';

type Session = { session_id: string };
let n = 0;
const freshEmail = () => `backend${++n}-${Date.now()}@example.com`;

describe.each(DB_KINDS)('backend session check on %s', (kind) => {
  const kit = authKitFor(kind);

  it('checks a session token or JWT with project_id:secret, without CORS', async () => {
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const byToken = await kit.backend({ session_token: signedIn['session_token'] });
    expect(byToken.status).toBe(200);
    expect(byToken.headers.get('Access-Control-Allow-Origin')).toBeNull();
    // Flat, as the hosted backend API answers: no `data` envelope.
    expect(byToken.body['data']).toBeUndefined();
    const data = byToken.body;
    expect(data).toMatchObject({ status_code: 200, request_id: expect.stringMatching(/^request-id-/) });
    expect(data['user_id']).toBe(signedIn['user_id']);
    expect(data['session_token']).toBe(signedIn['session_token']);
    await kit.verifyJwt(String(data['session_jwt']));

    const byJwt = await kit.backend({ session_jwt: signedIn['session_jwt'] });
    expect(byJwt.status).toBe(200);
    expect(byJwt.body['session_token']).toBeUndefined();
    expect((byJwt.body as { session: { session_id: string } }).session.session_id).toBe(
      (signedIn['session'] as Session).session_id,
    );
  });

  it('accepts an expired JWT of a live session (answering a fresh one), refuses a forged one', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    const signedIn = await kit.signInByMagicLink(freshEmail());
    const jwt = String(signedIn['session_jwt']);
    vi.setSystemTime(start + 10 * 60_000);
    const late = await kit.backend({ session_jwt: jwt });
    expect(late.status).toBe(200);
    const fresh = String(late.body['session_jwt']);
    expect((await kit.verifyJwt(fresh)).iat).toBe(Math.floor((start + 10 * 60_000) / 1000));

    const [header, payload] = jwt.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ sub: 'someone' })).toString('base64url')}.${jwt.split('.')[2]}`;
    for (const session_jwt of [forged, `${header}.${payload}.AAAA`, 'not-a-jwt']) {
      const r = await kit.backend({ session_jwt });
      expect([r.status, r.body['error_type']]).toEqual([401, 'invalid_session_token']);
    }
  });

  it('refuses a wrong secret, an unknown project, a missing header and an empty body', async () => {
    const wrong = await kit.backend({ session_token: 'x' }, basic(PROJECT_ID, 'secret-test-wrong-secret'));
    expect([wrong.status, wrong.body['error_type']]).toEqual([401, 'invalid_secret_authentication']);
    const unknown = await kit.backend(
      { session_token: 'x' },
      basic('project-test-nope', 'secret-test-0123456789abcdef'),
    );
    expect([unknown.status, unknown.body['error_type']]).toEqual([401, 'invalid_secret_authentication']);
    const none = await kit.backend({ session_token: 'x' }, '');
    expect([none.status, none.body['error_type']]).toEqual([401, 'unauthorized_credentials']);
    const empty = await kit.backend({});
    expect([empty.status, empty.body['error_type']]).toEqual([400, 'missing_field']);
    const typed = await kit.backend({ session_token: 5 });
    expect([typed.status, typed.body['error_type']]).toEqual([400, 'invalid_field']);
    // An RBAC check is not implemented: refused, never passed unchecked.
    const rbac = await kit.backend({
      session_token: 'x',
      authorization_check: { resource_id: 'r', action: 'a' },
    });
    expect([rbac.status, rbac.body['error_type']]).toEqual([400, 'invalid_field']);
    expect(rbac.body['error_message']).toBe('authorization_check: not supported by this provider.');
  });

  it('session_custom_claims: set at a backend sign-in, merged by authenticate, in the session and the JWT', async () => {
    const email = freshEmail();
    await kit.v1Ok('/v1/magic_links/email/login_or_create', { email });
    const { metadata } = await kit.latest(email);
    const signedIn = await kit.v1Ok('/v1/magic_links/authenticate', {
      token: metadata.token,
      session_duration_minutes: 60,
      session_custom_claims: { tenant: 'acme', flags: { beta: true, old: 1 }, drop: 'me' },
    });
    expect((signedIn['session'] as { custom_claims: unknown }).custom_claims).toEqual({
      tenant: 'acme',
      flags: { beta: true, old: 1 },
      drop: 'me',
    });
    expect(await kit.verifyJwt(String(signedIn['session_jwt']))).toMatchObject({ tenant: 'acme' });

    const merged = await kit.backend({
      session_token: signedIn['session_token'],
      session_custom_claims: { role: 'owner', flags: { old: null }, drop: null },
    });
    expect(merged.status).toBe(200);
    const claims = { tenant: 'acme', flags: { beta: true }, role: 'owner' };
    expect((merged.body['session'] as { custom_claims: unknown }).custom_claims).toEqual(claims);
    const payload = await kit.verifyJwt(String(merged.body['session_jwt']));
    expect(payload).toMatchObject(claims);
    expect(payload).not.toHaveProperty('drop');
    // Kept on the session: a plain check answers them, by token and by JWT.
    const plain = await kit.backend({ session_jwt: merged.body['session_jwt'] });
    expect((plain.body['session'] as { custom_claims: unknown }).custom_claims).toEqual(claims);

    for (const [session_custom_claims, message] of [
      [{ sub: 'someone-else' }, /reserved claim/],
      [{ 'https://stytch.com/session': {} }, /reserved claim/],
      [{ big: 'x'.repeat(4100) }, /4096 bytes/],
      [['not', 'an', 'object'], /expected an object/],
    ] as const) {
      const r = await kit.backend({ session_token: signedIn['session_token'], session_custom_claims });
      expect([r.status, r.body['error_type']]).toEqual([400, 'invalid_field']);
      expect(r.body['error_message']).toMatch(message);
    }
    // Each under the limit, together over it: refused when merged, nothing changed.
    const half = { a: 'x'.repeat(2100) };
    expect(
      (await kit.backend({ session_token: signedIn['session_token'], session_custom_claims: half })).status,
    ).toBe(200);
    const over = await kit.backend({
      session_token: signedIn['session_token'],
      session_custom_claims: { b: 'y'.repeat(2100) },
    });
    expect([over.status, over.body['error_type']]).toEqual([400, 'invalid_field']);
    const after = await kit.backend({ session_token: signedIn['session_token'] });
    expect((after.body['session'] as { custom_claims: unknown }).custom_claims).toEqual({
      ...claims,
      ...half,
    });
  });

  it("puts the user's external_id in the JWT and the session's claims, where no custom claim can set it", async () => {
    const email = freshEmail();
    const externalId = `ext-${Date.now()}`;
    await kit.v1Ok('/v1/users', { email, external_id: externalId });
    await kit.v1Ok('/v1/magic_links/email/login_or_create', { email });
    const { metadata } = await kit.latest(email);
    const signedIn = await kit.v1Ok('/v1/magic_links/authenticate', {
      token: metadata.token,
      session_duration_minutes: 60,
      session_custom_claims: { tenant: 'acme' },
    });
    const claims = { tenant: 'acme', external_id: externalId };
    expect((signedIn['session'] as { custom_claims: unknown }).custom_claims).toEqual(claims);
    expect(await kit.verifyJwt(String(signedIn['session_jwt']))).toMatchObject(claims);

    const spoofed = await kit.backend({
      session_token: signedIn['session_token'],
      session_custom_claims: { external_id: 'someone-else' },
    });
    expect([spoofed.status, spoofed.body['error_type']]).toEqual([400, 'invalid_field']);
    expect(spoofed.body['error_message']).toMatch(/reserved claim/);
    const sessionId = (signedIn['session'] as { session_id: string }).session_id;
    const listed = await kit.v1('GET', `/v1/sessions?user_id=${externalId}`);
    expect(listed.body['sessions']).toEqual([
      expect.objectContaining({ session_id: sessionId, custom_claims: claims }),
    ]);

    // A user without one has no such claim, even one kept on its session before it was reserved.
    const plain = await kit.signInByMagicLink(freshEmail());
    expect(await kit.verifyJwt(String(plain['session_jwt']))).not.toHaveProperty('external_id');
    expect((plain['session'] as { custom_claims: unknown }).custom_claims).toBeNull();
    await kit.db.query(
      `UPDATE sessions SET custom_claims = '{"external_id": "kept", "tenant": "t"}' WHERE session_id = $1`,
      [(plain['session'] as { session_id: string }).session_id],
    );
    const read = await kit.backend({ session_token: plain['session_token'] });
    expect((read.body['session'] as { custom_claims: unknown }).custom_claims).toEqual({ tenant: 't' });
    expect(await kit.verifyJwt(String(read.body['session_jwt']))).not.toHaveProperty('external_id');
  });

  it('publishes the JWKS to anyone, and 404 for an unknown project', async () => {
    const response = await kit.app.request(`/v1/sessions/jwks/${PROJECT_ID}`);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    const { keys } = (await response.json()) as { keys: Record<string, unknown>[] };
    expect(keys.length).toBeGreaterThan(0);
    expect(keys[0]).toMatchObject({
      kty: 'RSA',
      alg: 'RS256',
      use: 'sig',
      kid: expect.stringMatching(/^jwk-test-/),
    });
    expect(keys[0]).not.toHaveProperty('d');
    const missing = await kit.app.request('/v1/sessions/jwks/project-test-nope');
    expect(missing.status).toBe(404);
  });
});
