import { generateKeyPair, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ORIGIN, HOST, LIVE_TOKEN, testConfig, testProject, TEST_TOKEN } from '../../test/testConfig';
import { openAuthKit, PROJECT_ID, REDIRECT } from '../../test/authTestKit';
import { frameCsp } from '../frame/frameHeaders';

const SIGNUP = `${HOST}/welcome`;
const NO_ONE_TAP_TOKEN = 'public-token-test-33333333-3333-4333-8333-333333333333';
const BARE_TOKEN = 'public-token-test-44444444-4444-4444-8444-444444444444';
const CLIENT_ID = `dev-google-client.${PROJECT_ID}`;

type Json = Record<string, unknown>;

const config = () => {
  const [, live] = testConfig().projects;
  if (!live) throw new Error('testConfig changed');
  const other = (n: string, extra: Parameters<typeof testProject>[0]) =>
    testProject({
      project_id: `project-test-${n}`,
      public_token: `public-token-test-${n}`,
      ...extra,
    });
  return {
    projects: [
      testProject({
        redirect_urls: [REDIRECT, SIGNUP],
        oauth_providers: [{ type: 'google', dev_idp: true, one_tap: true }],
      }),
      { ...live, oauth_providers: [{ type: 'google' as const, dev_idp: true, one_tap: true }] },
      other('33333333-3333-4333-8333-333333333333', {
        redirect_urls: [REDIRECT],
        oauth_providers: [{ type: 'google', dev_idp: true, one_tap: false }],
      }),
      other('44444444-4444-4444-8444-444444444444', {
        redirect_urls: [],
        oauth_providers: [{ type: 'google', dev_idp: true, one_tap: true }],
      }),
    ],
  };
};

// Each first sign-in generates RSA keys (the dev identity provider's, the session's): slow on a busy machine.
describe('Google One Tap through the dev identity provider', { timeout: 30_000 }, () => {
  let kit: Awaited<ReturnType<typeof openAuthKit>>;
  beforeAll(async () => {
    kit = await openAuthKit('pglite', config());
  });
  afterAll(() => kit.close());

  const start = async (query: Record<string, string>) => {
    const r = await kit.app.request(
      `/v1/public/oauth/google/onetap/start?${new URLSearchParams(query).toString()}`,
    );
    return { status: r.status, body: (await r.json()) as Json };
  };
  const startOk = async () => {
    const r = await start({
      public_token: TEST_TOKEN,
      login_redirect_url: REDIRECT,
      signup_redirect_url: SIGNUP,
    });
    expect(r.status).toBe(200);
    return r.body;
  };
  const gsi = async (path: string, body: Json, origin = AUTH_ORIGIN) => {
    const r = await kit.app.request(`/dev/gsi/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: origin },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as Json };
  };
  const credentialFor = async (email: string, nonce: unknown) => {
    const r = await gsi('credential', { client_id: CLIENT_ID, email, nonce });
    expect(r.status).toBe(200);
    return String(r.body['credential']);
  };
  const submit = async (callbackId: unknown, idToken: string, header = 'google-one-tap') => {
    const r = await kit.app.request(`/v1/oauth/callback/${String(callbackId)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-stytch-oauth-type': header },
      body: JSON.stringify({ id_token: idToken, login_redirect_url: REDIRECT, signup_redirect_url: SIGNUP }),
    });
    return { status: r.status, body: (await r.json()) as Json };
  };
  const signIn = async (email: string) => {
    const started = await startOk();
    const submitted = await submit(
      started['oauth_callback_id'],
      await credentialFor(email, started['nonce']),
    );
    expect(submitted.status).toBe(200);
    const landing = new URL(String(submitted.body['redirect_url']));
    const data = await kit.ok('/oauth/authenticate', {
      token: landing.searchParams.get('token'),
      session_duration_minutes: 30,
    });
    return { landing, data };
  };

  it('start answers the client id, a callback id, a nonce and the stand-in script', async () => {
    const body = await startOk();
    expect(body).toMatchObject({
      status_code: 200,
      google_client_id: CLIENT_ID,
      oauth_callback_id: expect.stringMatching(/\./),
      nonce: expect.any(String),
      gsi_client_url: `${AUTH_ORIGIN}/dev/gsi/client`,
    });
    const script = await kit.app.request('/dev/gsi/client');
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(await script.text()).toContain('window.google.accounts.id');
  });

  it('signs a new visitor up, and the same account signs in as the same user', async () => {
    const email = 'one-tap@example.com';
    const first = await signIn(email);
    expect(first.landing.origin + first.landing.pathname).toBe(SIGNUP);
    expect(first.data).toMatchObject({ provider_type: 'google' });
    const user = first.data['user'] as { user_id: string; emails: Json[] };
    expect(user.emails).toEqual([expect.objectContaining({ email, verified: true })]);
    const second = await signIn(email);
    expect(second.landing.origin + second.landing.pathname).toBe(REDIRECT);
    expect((second.data['user'] as { user_id: string }).user_id).toBe(user.user_id);
  });

  it('links to an existing user with the verified address (the Google button rules)', async () => {
    const email = 'one-tap-existing@example.com';
    const existing = await kit.signInByMagicLink(email);
    const { data } = await signIn(email);
    expect((data['user'] as { user_id: string }).user_id).toBe(
      (existing['user'] as { user_id: string }).user_id,
    );
  });

  it('a callback id is used once: a replayed submit is refused', async () => {
    const started = await startOk();
    const credential = await credentialFor('one-tap-replay@example.com', started['nonce']);
    expect((await submit(started['oauth_callback_id'], credential)).status).toBe(200);
    const replay = await submit(started['oauth_callback_id'], credential);
    expect(replay.status).toBe(400);
    expect(replay.body['error_type']).toBe('oauth_flow_callback_error');
  });

  it('refuses a credential with another nonce, a forged signature, or a claim changed after signing', async () => {
    const other = await startOk();
    const wrongNonce = await credentialFor('one-tap-nonce@example.com', 'another-nonce');
    const refused = await submit(other['oauth_callback_id'], wrongNonce);
    expect(refused).toMatchObject({ status: 400, body: { error_type: 'oauth_flow_callback_error' } });
    expect(String(refused.body['error_message'])).toContain('nonce');

    const { privateKey } = await generateKeyPair('RS256');
    const forge = (audience: string) =>
      new SignJWT({ email: 'forged@example.com', email_verified: true, nonce: '' })
        .setProtectedHeader({ alg: 'RS256', kid: 'forged' })
        .setIssuer(`${AUTH_ORIGIN}/dev/oauth/google`)
        .setAudience(audience)
        .setSubject('forged')
        .setIssuedAt()
        .setExpirationTime('1h')
        .sign(privateKey);
    const forgedStart = await startOk();
    const forged = await submit(forgedStart['oauth_callback_id'], await forge(CLIENT_ID));
    expect(forged).toMatchObject({ status: 400, body: { error_type: 'oauth_flow_callback_error' } });

    // A real dev credential whose audience was changed after signing.
    const audStart = await startOk();
    const token = await credentialFor('one-tap-aud@example.com', audStart['nonce']);
    const [h, p, s] = token.split('.');
    const claims = JSON.parse(Buffer.from(p ?? '', 'base64url').toString()) as Json;
    const tampered = `${h}.${Buffer.from(JSON.stringify({ ...claims, aud: 'someone-else' })).toString('base64url')}.${s}`;
    expect((await submit(audStart['oauth_callback_id'], tampered)).body['error_type']).toBe(
      'oauth_flow_callback_error',
    );
  });

  it('answers the API error envelope for a missing header or body, never a 500', async () => {
    const started = await startOk();
    expect((await submit(started['oauth_callback_id'], 'x', 'something-else')).status).toBe(400);
    const r = await kit.app.request(`/v1/oauth/callback/${String(started['oauth_callback_id'])}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'x-stytch-oauth-type': 'google-one-tap' },
      body: '{not json',
    });
    expect(r.status).toBe(400);
    expect(((await r.json()) as Json)['error_type']).toBe('invalid_json');
    const withBody = async (body: unknown) => {
      const answer = await kit.app.request(`/v1/oauth/callback/${String(started['oauth_callback_id'])}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'x-stytch-oauth-type': 'google-one-tap' },
        body: JSON.stringify(body),
      });
      return { status: answer.status, body: (await answer.json()) as Json };
    };
    expect(await withBody({})).toMatchObject({ status: 400, body: { error_type: 'missing_field' } });
    expect(await withBody({ id_token: 5 })).toMatchObject({
      status: 400,
      body: { error_type: 'invalid_field' },
    });
    expect(await withBody({ id_token: 'x', login_redirect_url: 7 })).toMatchObject({
      status: 400,
      body: { error_type: 'invalid_field' },
    });
    expect((await submit('nonsense', 'x')).body['error_type']).toBe('oauth_flow_callback_error');
  });

  it('start names each configuration error', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ public_token: NO_ONE_TAP_TOKEN }, 'oauth_config_not_found'],
      [{ public_token: LIVE_TOKEN }, 'default_provider_not_allowed'],
      [{ public_token: BARE_TOKEN }, 'no_login_redirect_urls_set'],
      [{ public_token: TEST_TOKEN, login_redirect_url: `${HOST}/elsewhere` }, 'no_login_redirect_urls_set'],
      [{ public_token: TEST_TOKEN, signup_redirect_url: `${HOST}/elsewhere` }, 'no_signup_redirect_urls_set'],
      [{ public_token: 'public-token-test-unknown' }, 'invalid_public_token'],
    ];
    for (const [query, type] of cases) {
      const r = await start(query);
      expect(r.status, type).toBeGreaterThanOrEqual(400);
      expect(r.body).toMatchObject({ error_type: type, error_url: expect.stringContaining(type) });
    }
  });

  it("the stand-in's client registry answers Google's not-displayed reasons", async () => {
    expect((await gsi('prompt', { client_id: CLIENT_ID })).body).toEqual({
      project_name: expect.any(String),
    });
    expect((await gsi('prompt', { client_id: 'someone-else' })).body).toEqual({ error: 'invalid_client' });
    expect((await gsi('prompt', { client_id: CLIENT_ID }, 'https://elsewhere.example')).body).toEqual({
      error: 'unregistered_origin',
    });
    const refused = await gsi('credential', { client_id: CLIENT_ID, email: 'x@example.com' }, HOST);
    expect(refused).toMatchObject({ status: 400, body: { error: 'unregistered_origin' } });
  });
});

describe('the frame CSP and Google One Tap', () => {
  it("allows Google's script, styles and frames only when the frame uses it", () => {
    const base = { nonce: 'n', apiBaseUrl: AUTH_ORIGIN, ancestors: [HOST] };
    const plain = frameCsp(base);
    expect(plain).not.toContain('accounts.google.com');
    expect(plain).not.toContain('frame-src');
    const oneTap = frameCsp({ ...base, googleOneTap: true });
    expect(oneTap).toContain("script-src 'self' 'nonce-n' https://accounts.google.com/gsi/client");
    expect(oneTap).toContain('frame-src https://accounts.google.com/gsi/');
    expect(oneTap).toContain('https://accounts.google.com/gsi/style');
  });
});
