import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OTHER_HOST } from '../../test/testConfig';
import { DB_KINDS } from '../../test/testDatabases';
import { createTestAuthenticator } from '@latch/test-support/passkeys';
import { BROWSER, openWebAuthnKit, type Reply, type WebAuthnKit } from '../../test/webauthnTestKit';

const errorType = (reply: Reply) => [reply.status, reply.body['error_type']];

type Factor = { type: string; delivery_method: string; webauthn_factor?: Record<string, string> };
const factorsOf = (data: Record<string, unknown>) =>
  (data['session'] as { authentication_factors: Factor[] }).authentication_factors;

describe.each(DB_KINDS)('WebAuthn routes on %s', (kind) => {
  let kit: WebAuthnKit;
  beforeAll(async () => {
    kit = await openWebAuthnKit(kind);
  }, 60_000);
  afterAll(() => kit?.close());

  const counterOf = async (registrationId: unknown) =>
    (
      await kit.db.query<{ counter: number }>(
        'SELECT counter::int AS counter FROM webauthn_registrations WHERE webauthn_registration_id = $1',
        [registrationId],
      )
    )[0]?.counter;

  it('registers a passkey for the signed-in user and adds the factor to the session', async () => {
    const { sessionToken, userId, email } = await kit.signUp();
    const options = await kit.startRegistration(sessionToken);
    expect(options.rp).toEqual({ id: 'localhost', name: 'Test Project' });
    expect(options.user.name).toBe(email);
    expect(Buffer.from(options.user.id, 'base64url').toString('utf8')).toBe(userId);
    expect(options.authenticatorSelection).toMatchObject({ residentKey: 'required' });
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const authenticator = createTestAuthenticator();
    const data = kit.data(await kit.register(sessionToken, authenticator));
    const registrationId = data['webauthn_registration_id'];
    expect(registrationId).toMatch(/^webauthn-registration-test-[0-9a-f-]{36}$/);
    expect(data['user_id']).toBe(userId);
    expect(data['session_token']).toBe(sessionToken);
    expect(factorsOf(data).map((f) => f.type)).toEqual(['magic_link', 'webauthn']);
    expect(factorsOf(data)[1]).toMatchObject({
      delivery_method: 'webauthn_registration',
      webauthn_factor: {
        webauthn_registration_id: registrationId,
        domain: 'localhost',
        user_agent: 'TestBrowser/1.0',
      },
    });
    expect((data['user'] as { webauthn_registrations: unknown[] }).webauthn_registrations).toEqual([
      {
        webauthn_registration_id: registrationId,
        domain: 'localhost',
        user_agent: 'TestBrowser/1.0',
        authenticator_type: 'platform',
        verified: true,
        name: 'Passkey',
      },
    ]);
    const [row] = await kit.db.query<{ credential_id: string; transports: string[]; rp_id: string }>(
      'SELECT credential_id, transports, rp_id FROM webauthn_registrations WHERE webauthn_registration_id = $1',
      [registrationId],
    );
    expect(row).toEqual({
      credential_id: authenticator.credentialId,
      transports: ['internal', 'hybrid'],
      rp_id: 'localhost',
    });
    // The next registration start tells the browser not to create this credential again.
    expect((await kit.startRegistration(sessionToken)).excludeCredentials).toEqual([
      expect.objectContaining({ id: authenticator.credentialId }),
    ]);
  });

  it('gives a second passkey from the same kind of authenticator a name of its own', async () => {
    const { sessionToken } = await kit.signUp();
    const names = [];
    for (let i = 0; i < 3; i += 1) {
      await kit.startRegistration(sessionToken);
      const data = kit.data(await kit.register(sessionToken, createTestAuthenticator()));
      const { webauthn_registrations } = data['user'] as { webauthn_registrations: { name: string }[] };
      names.push(webauthn_registrations.map((r) => r.name));
    }
    expect(names.at(-1)?.sort()).toEqual(['Passkey', 'Passkey 2', 'Passkey 3']);
  });

  it('needs a session to register: user_unauthenticated without one or with a dead one', async () => {
    const start = { domain: 'localhost', return_passkey_credential_options: true, user_agent: 'x' };
    expect(errorType(await kit.call('POST', '/webauthn/register/start', start))).toEqual([
      401,
      'user_unauthenticated',
    ]);
    const dead = await kit.call('POST', '/webauthn/register/start', start, 'not-a-session-token');
    expect(errorType(dead)).toEqual([401, 'user_unauthenticated']);
    expect(dead.body['error_message']).toBe('Must have an active session to call this method.');
    const finish = { public_key_credential: '{}', session_duration_minutes: 30 };
    expect(errorType(await kit.call('POST', '/webauthn/register', finish))).toEqual([
      401,
      'user_unauthenticated',
    ]);
  });

  it('refuses a credential that is already registered', async () => {
    const { sessionToken } = await kit.signUp();
    const authenticator = createTestAuthenticator();
    kit.data(await kit.register(sessionToken, authenticator));
    expect(errorType(await kit.register(sessionToken, authenticator))).toEqual([
      409,
      'duplicate_webauthn_registration',
    ]);
    // Another user of the project cannot claim it either.
    const other = await kit.signUp();
    expect(errorType(await kit.register(other.sessionToken, authenticator))).toEqual([
      409,
      'duplicate_webauthn_registration',
    ]);
  });

  it('logs in with a passkey (primary): a new session, the counter stored and growing', async () => {
    const { sessionToken, userId } = await kit.signUp();
    const authenticator = createTestAuthenticator();
    const registrationId = kit.data(await kit.register(sessionToken, authenticator))[
      'webauthn_registration_id'
    ];
    expect(await counterOf(registrationId)).toBe(0);

    const options = await kit.startLogin();
    expect(options.rpId).toBe('localhost');
    expect(options.allowCredentials ?? []).toEqual([]);

    const first = await kit.login(authenticator);
    const data = kit.data(first);
    expect(data['user_id']).toBe(userId);
    expect(data['webauthn_registration_id']).toBe(registrationId);
    expect(data['session_token']).not.toBe(sessionToken);
    expect(factorsOf(data)).toEqual([expect.objectContaining({ type: 'webauthn' })]);
    expect(await counterOf(registrationId)).toBe(1);
    const claims = await kit.verifyJwt(String(data['session_jwt']));
    expect(claims.sub).toBe(userId);

    kit.data(await kit.login(authenticator));
    expect(await counterOf(registrationId)).toBe(2);
    // A counter that does not grow signals a cloned authenticator.
    expect(errorType(await kit.login(authenticator, { counter: 2 }))).toEqual([
      400,
      'webauthn_counter_regression',
    ]);
    expect(await counterOf(registrationId)).toBe(2);
  });

  it('uses a challenge once: the same assertion sent again is refused', async () => {
    const { sessionToken } = await kit.signUp();
    const authenticator = createTestAuthenticator();
    kit.data(await kit.register(sessionToken, authenticator));
    const first = await kit.login(authenticator);
    expect(first.status).toBe(200);
    const replay = await kit.call('POST', '/webauthn/authenticate', {
      public_key_credential: first.credential,
      session_duration_minutes: 30,
    });
    expect(errorType(replay)).toEqual([400, 'invalid_webauthn_challenge']);
  });

  it('refuses a ceremony run on another origin, for another RP ID, or under an unauthorized top origin', async () => {
    const { sessionToken } = await kit.signUp();
    const authenticator = createTestAuthenticator();
    expect(
      errorType(await kit.register(sessionToken, authenticator, { origin: 'http://evil.test' })),
    ).toEqual([400, 'webauthn_origin_mismatch']);
    expect(errorType(await kit.register(sessionToken, authenticator, { rpId: 'evil.test' }))).toEqual([
      400,
      'webauthn_rp_id_mismatch',
    ]);
    expect(errorType(await kit.register(sessionToken, authenticator, { topOrigin: OTHER_HOST }))).toEqual([
      400,
      'webauthn_top_origin_not_authorized',
    ]);
    // None of those stored anything; the same credential still registers cleanly.
    kit.data(await kit.register(sessionToken, authenticator));

    expect(errorType(await kit.login(authenticator, { origin: 'http://evil.test' }))).toEqual([
      400,
      'webauthn_origin_mismatch',
    ]);
    expect(errorType(await kit.login(authenticator, { rpId: 'evil.test' }))).toEqual([
      400,
      'webauthn_rp_id_mismatch',
    ]);
    expect(errorType(await kit.login(authenticator, { topOrigin: OTHER_HOST }))).toEqual([
      400,
      'webauthn_top_origin_not_authorized',
    ]);
    // A frame opened top-level (no crossOrigin, no topOrigin) is fine.
    const topLevel = createTestAuthenticator();
    kit.data(await kit.register(sessionToken, topLevel, { crossOrigin: false, topOrigin: null }));
    expect((await kit.login(topLevel, { crossOrigin: false, topOrigin: null })).status).toBe(200);
  });

  it('refuses a requested domain that cannot be the RP ID of the auth origin', async () => {
    const { sessionToken } = await kit.signUp();
    for (const domain of ['example.com', 'evil.localhost.test', 'https://localhost']) {
      const reply = await kit.call('POST', '/webauthn/authenticate/start/primary', {
        domain,
        return_passkey_credential_options: true,
      });
      expect(errorType(reply)).toEqual([400, 'webauthn_invalid_rp_id']);
      const start = await kit.call(
        'POST',
        '/webauthn/register/start',
        { domain, user_agent: '' },
        sessionToken,
      );
      expect(errorType(start)).toEqual([400, 'webauthn_invalid_rp_id']);
    }
  });

  it('answers webauthn_registration_not_found for a credential the project does not know', async () => {
    const stranger = createTestAuthenticator();
    expect(errorType(await kit.login(stranger))).toEqual([404, 'webauthn_registration_not_found']);
  });

  it('does not accept a registration challenge for a login', async () => {
    const { sessionToken } = await kit.signUp();
    const authenticator = createTestAuthenticator();
    kit.data(await kit.register(sessionToken, authenticator));
    const options = await kit.startRegistration(sessionToken);
    const credential = authenticator.authenticate({
      ...BROWSER,
      rpId: 'localhost',
      challenge: options.challenge,
    });
    const reply = await kit.call('POST', '/webauthn/authenticate', {
      public_key_credential: credential,
      session_duration_minutes: 30,
    });
    expect(errorType(reply)).toEqual([400, 'invalid_webauthn_challenge']);
  });

  it('secondary login lists the session user’s credentials and extends that session', async () => {
    const { sessionToken, userId } = await kit.signUp();
    const authenticator = createTestAuthenticator();
    kit.data(await kit.register(sessionToken, authenticator));
    const options = await kit.startLogin(sessionToken);
    expect(options.allowCredentials).toEqual([expect.objectContaining({ id: authenticator.credentialId })]);

    const sessionId = (
      kit.data(await kit.call('POST', '/sessions/authenticate', {}, sessionToken))['session'] as {
        session_id: string;
      }
    ).session_id;
    const data = kit.data(await kit.login(authenticator, {}, sessionToken));
    expect(data['user_id']).toBe(userId);
    expect(data['session_token']).toBe(sessionToken);
    expect((data['session'] as { session_id: string }).session_id).toBe(sessionId);
    expect(new Set(factorsOf(data).map((f) => f.type))).toEqual(new Set(['magic_link', 'webauthn']));

    // Another user's passkey cannot answer a challenge issued to this user.
    const other = await kit.signUp();
    const otherKey = createTestAuthenticator();
    kit.data(await kit.register(other.sessionToken, otherKey));
    expect(errorType(await kit.login(otherKey, {}, sessionToken))).toEqual([
      400,
      'invalid_webauthn_challenge',
    ]);

    const noSession = await kit.call('POST', '/webauthn/authenticate/start/secondary', {
      domain: 'localhost',
    });
    expect(errorType(noSession)).toEqual([401, 'user_unauthenticated']);
  });

  it('answers 4xx envelopes for malformed bodies', async () => {
    const { sessionToken } = await kit.signUp();
    const cases: [unknown, string | undefined, number, string][] = [
      [
        { public_key_credential: 'not json', session_duration_minutes: 30 },
        undefined,
        400,
        'invalid_public_key_credential',
      ],
      [
        { public_key_credential: '{"id":"x"}', session_duration_minutes: 30 },
        undefined,
        400,
        'invalid_public_key_credential',
      ],
      [{ session_duration_minutes: 30 }, undefined, 400, 'missing_field'],
      [{ public_key_credential: 5 }, undefined, 400, 'invalid_field'],
      [{ public_key_credential: 'x', session_duration_minutes: 1 }, undefined, 400, 'invalid_field'],
      ['{not json', undefined, 400, 'invalid_json'],
      [
        { public_key_credential: 'not json', session_duration_minutes: 30 },
        sessionToken,
        400,
        'invalid_public_key_credential',
      ],
    ];
    for (const [body, token, status, type] of cases) {
      const path = token ? '/webauthn/register' : '/webauthn/authenticate';
      const reply = await kit.call('POST', path, body, token);
      expect([reply.status, reply.body['error_type']], JSON.stringify(body)).toEqual([status, type]);
      expect(reply.body['error_url']).toBe(`https://latch.dev/docs/errors#${type}`);
    }
    const badType = await kit.call(
      'POST',
      '/webauthn/register/start',
      { domain: 'localhost', authenticator_type: 'usb' },
      sessionToken,
    );
    expect(errorType(badType)).toEqual([400, 'invalid_field']);
  });
});
