import { createHash } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatchConfig } from '../config/configSchema';
import { AUTH_ORIGIN, HOST, testConfig, testProject } from '../../test/testConfig';
import { openAuthKit, PROJECT_ID, type AuthKit } from '../../test/authTestKit';

const CALLBACK = 'https://notes.example/callback';
const LOGGED_OUT = 'https://notes.example/';
const ISSUER = `${AUTH_ORIGIN}/v1/public/${PROJECT_ID}`;

function idpConfig(): LatchConfig {
  const [, live] = testConfig().projects;
  const project = testProject({
    rbac_scopes: [{ scope: 'read:notes', description: 'Read your notes' }],
    connected_apps: [
      {
        client_id: 'connected-app-test-notes',
        client_name: 'Notes',
        client_type: 'third_party',
        client_description: 'A notes app',
        redirect_urls: [CALLBACK],
        post_logout_redirect_urls: [LOGGED_OUT],
      },
      {
        client_id: 'connected-app-test-server',
        client_name: 'Server App',
        client_type: 'third_party',
        client_description: '',
        client_secret: 'server-app-secret-0123456789',
        redirect_urls: [CALLBACK],
        post_logout_redirect_urls: [],
      },
      {
        client_id: 'connected-app-test-admin',
        client_name: 'Admin',
        client_type: 'first_party',
        client_description: '',
        redirect_urls: [`${HOST}/admin`],
        post_logout_redirect_urls: [],
      },
    ],
  });
  return { ...testConfig(), projects: live ? [project, live] : [project] };
}

let n = 0;
const freshEmail = () => `idp${++n}-${Date.now()}@example.com`;
const authorize = (patch: Record<string, unknown> = {}) => ({
  client_id: 'connected-app-test-notes',
  redirect_uri: CALLBACK,
  response_type: 'code',
  scopes: ['openid', 'email', 'read:notes', 'delete:everything'],
  state: 'state-1',
  ...patch,
});

describe('identity provider: authorize and logout', () => {
  let kit: AuthKit;
  let token: string;
  beforeAll(async () => {
    kit = await openAuthKit('pglite', idpConfig());
    token = String((await kit.signInByMagicLink(freshEmail()))['session_token']);
  }, 60_000);
  afterAll(() => kit?.close());

  const errorOf = (r: { status: number; body: Record<string, unknown> }) => [r.status, r.body['error_type']];

  it('start answers the client, the scopes sorted into grantable or not, and asks for consent', async () => {
    const data = await kit.ok('/idp/oauth/authorize/start', authorize(), token);
    expect(data).toMatchObject({
      user_id: expect.stringMatching(/^user-test-/),
      user: expect.objectContaining({ status: 'active' }),
      client: {
        client_id: 'connected-app-test-notes',
        client_name: 'Notes',
        client_type: 'third_party',
        client_description: 'A notes app',
      },
      consent_required: true,
      scope_results: [
        { scope: 'openid', description: '', is_grantable: true },
        { scope: 'email', description: '', is_grantable: true },
        { scope: 'read:notes', description: 'Read your notes', is_grantable: true },
        { scope: 'delete:everything', description: '', is_grantable: false },
      ],
    });
  });

  it('a refusal redirects with access_denied; a grant redirects with a single-use code', async () => {
    await kit.ok('/idp/oauth/authorize/start', authorize(), token);
    const denied = await kit.ok(
      '/idp/oauth/authorize/submit',
      { ...authorize(), consent_granted: false },
      token,
    );
    // RFC 9207: every authorization response names the issuer, errors included.
    expect(denied['redirect_uri']).toBe(
      `${CALLBACK}?error=access_denied&state=state-1&iss=${encodeURIComponent(ISSUER)}`,
    );

    const granted = await kit.ok(
      '/idp/oauth/authorize/submit',
      { ...authorize(), consent_granted: true },
      token,
    );
    const url = new URL(String(granted['redirect_uri']));
    expect(url.origin + url.pathname).toBe(CALLBACK);
    expect(url.searchParams.get('state')).toBe('state-1');
    expect(url.searchParams.get('code')).toBe(granted['authorization_code']);
    expect(url.searchParams.get('iss')).toBe(ISSUER);
    expect(String(granted['authorization_code']).length).toBeGreaterThanOrEqual(40);

    // The code is stored hashed, never as issued.
    const rows = await kit.db.query<{ token_hash: string; data: Record<string, unknown> }>(
      "SELECT token_hash, data FROM one_time_tokens WHERE kind = 'idp_authorization_code'",
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.token_hash).not.toBe(granted['authorization_code']);
    expect(rows[0]?.data).toMatchObject({
      client_id: 'connected-app-test-notes',
      scopes: ['openid', 'email', 'read:notes'],
    });

    // Granted once: the same request no longer needs consent, unless prompt=consent asks.
    expect((await kit.ok('/idp/oauth/authorize/start', authorize(), token))['consent_required']).toBe(false);
    const prompted = await kit.ok('/idp/oauth/authorize/start', authorize({ prompt: 'consent' }), token);
    expect(prompted['consent_required']).toBe(true);
    const wider = await kit.ok(
      '/idp/oauth/authorize/start',
      authorize({ scopes: ['openid', 'phone'] }),
      token,
    );
    expect(wider['consent_required']).toBe(true);
  });

  it('mints no code for a consent the screen never asked for in this request', async () => {
    const own = String((await kit.signInByMagicLink(freshEmail()))['session_token']);
    const submit = (params: Record<string, unknown>, session = own) =>
      kit.post('/idp/oauth/authorize/submit', { ...params, consent_granted: true }, session);
    const codes = async () =>
      (await kit.db.query("SELECT 1 FROM one_time_tokens WHERE kind = 'idp_authorization_code'")).length;
    const before = await codes();
    // No start at all.
    expect(errorOf(await submit(authorize()))).toEqual([403, 'unauthorized_action']);
    // A start for other scopes, or by another session, does not cover this request.
    await kit.ok('/idp/oauth/authorize/start', authorize({ scopes: ['openid'] }), own);
    await kit.ok('/idp/oauth/authorize/start', authorize(), token);
    expect(errorOf(await submit(authorize()))).toEqual([403, 'unauthorized_action']);
    expect(await codes()).toBe(before);
    // The request the screen started gets its code, once: a replay must start again.
    const prompted = authorize({ prompt: 'consent' });
    await kit.ok('/idp/oauth/authorize/start', prompted, own);
    expect((await submit(prompted)).status).toBe(200);
    expect(errorOf(await submit(prompted))).toEqual([403, 'unauthorized_action']);
    expect(await codes()).toBe(before + 1);
  });

  it('first-party apps need no consent: a submit without a grant still gets a code', async () => {
    const params = authorize({ client_id: 'connected-app-test-admin', redirect_uri: `${HOST}/admin` });
    expect((await kit.ok('/idp/oauth/authorize/start', params, token))['consent_required']).toBe(false);
    const submitted = await kit.ok(
      '/idp/oauth/authorize/submit',
      { ...params, consent_granted: false },
      token,
    );
    expect(new URL(String(submitted['redirect_uri'])).searchParams.get('code')).toBeTruthy();
  });

  it('refuses an unknown client, an unregistered redirect URI and a missing session', async () => {
    expect(
      errorOf(await kit.post('/idp/oauth/authorize/start', authorize({ client_id: 'nope' }), token)),
    ).toEqual([404, 'not_found']);
    for (const redirect_uri of [`${CALLBACK}/`, 'https://evil.example/callback', `${CALLBACK}?x=1`]) {
      const r = await kit.post(
        '/idp/oauth/authorize/submit',
        { ...authorize({ redirect_uri }), consent_granted: true },
        token,
      );
      expect(errorOf(r)).toEqual([400, 'redirect_url_not_found']);
    }
    expect(errorOf(await kit.post('/idp/oauth/authorize/start', authorize()))).toEqual([
      401,
      'user_unauthenticated',
    ]);
  });

  it('validates the bodies: envelopes naming the field, never a 500', async () => {
    const cases: [unknown, number, string][] = [
      ['{not json', 400, 'invalid_json'],
      [{ ...authorize(), client_id: undefined }, 400, 'missing_field'],
      [{ ...authorize(), response_type: 42 }, 400, 'invalid_field'],
      [{ ...authorize(), scopes: 'openid email' }, 400, 'invalid_field'],
      [[], 400, 'bad_request'],
    ];
    for (const [body, status, type] of cases) {
      const r = await kit.post('/idp/oauth/authorize/start', body, token);
      expect(errorOf(r)).toEqual([status, type]);
      expect(r.body).toMatchObject({ status_code: status, error_message: expect.any(String) });
    }
    const noGrant = await kit.post('/idp/oauth/authorize/submit', authorize(), token);
    expect(errorOf(noGrant)).toEqual([400, 'missing_field']);
    expect(errorOf(await kit.post('/oauth/logout/start', { client_id: 'connected-app-test-notes' }))).toEqual(
      [400, 'missing_field'],
    );
  });

  it('logout: asks a signed-in user, not a signed-out one; the redirect must be registered', async () => {
    const params = {
      client_id: 'connected-app-test-notes',
      post_logout_redirect_uri: LOGGED_OUT,
      state: 's',
    };
    expect(await kit.ok('/oauth/logout/start', params, token)).toMatchObject({
      redirect_uri: `${LOGGED_OUT}?state=s`,
      consent_required: true,
    });
    expect(await kit.ok('/oauth/logout/start', params)).toMatchObject({ consent_required: false });
    const wrong = await kit.post(
      '/oauth/logout/start',
      { ...params, post_logout_redirect_uri: CALLBACK },
      token,
    );
    expect(errorOf(wrong)).toEqual([400, 'redirect_url_not_found']);
    expect(errorOf(await kit.post('/oauth/logout/start', { ...params, client_id: 'nope' }))).toEqual([
      404,
      'not_found',
    ]);
  });

  describe('the token endpoint redeems a code once', () => {
    const verifier = 'v'.repeat(43) + '-verifier';
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const exchange = async (body: Record<string, unknown>, form = false) => {
      const response = await kit.app.request('/v1/oauth2/token', {
        method: 'POST',
        headers: { 'Content-Type': form ? 'application/x-www-form-urlencoded' : 'application/json' },
        body: form
          ? new URLSearchParams(
              Object.entries(body).map(([k, v]): [string, string] => [k, String(v)]),
            ).toString()
          : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const codeFor = async (patch: Record<string, unknown> = {}) => {
      const params = {
        ...authorize({ scopes: ['openid', 'email'], nonce: 'n-1', code_challenge: challenge }),
        ...patch,
      };
      // As the consent screen does: start, then submit the same request.
      await kit.ok('/idp/oauth/authorize/start', params, token);
      const data = await kit.ok('/idp/oauth/authorize/submit', { ...params, consent_granted: true }, token);
      return String(data['authorization_code']);
    };
    const redeem = (code: string, patch: Record<string, unknown> = {}) => ({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: 'connected-app-test-notes',
      code_verifier: verifier,
      ...patch,
    });

    const oauthErrorOf = (r: { status: number; body: Record<string, unknown> }) => [
      r.status,
      r.body['error'],
    ];

    it('answers an access token and an ID token verifiable against the JWKS; a replay fails', async () => {
      const code = await codeFor();
      const first = await exchange(redeem(code), true);
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({ token_type: 'Bearer', expires_in: 3600, scope: 'openid email' });
      expect(first.body['refresh_token']).toBeUndefined();
      const jwks = createLocalJWKSet(
        (await (await kit.app.request(`/v1/sessions/jwks/${PROJECT_ID}`)).json()) as Parameters<
          typeof createLocalJWKSet
        >[0],
      );
      const { payload } = await jwtVerify(String(first.body['id_token']), jwks, {
        issuer: ISSUER,
        audience: 'connected-app-test-notes',
      });
      expect(payload).toMatchObject({
        nonce: 'n-1',
        sub: expect.stringMatching(/^user-test-/),
        auth_time: expect.any(Number),
        email: expect.stringMatching(/@example\.com$/),
        email_verified: true,
      });
      // RFC 9068: typed at+jwt, for the client, never for the project a session JWT names.
      const access = await jwtVerify(String(first.body['access_token']), jwks, {
        issuer: ISSUER,
        audience: 'connected-app-test-notes',
        typ: 'at+jwt',
      });
      expect(access.payload).toMatchObject({ scope: 'openid email', client_id: 'connected-app-test-notes' });
      expect(access.payload.aud).not.toContain(PROJECT_ID);

      const replay = await exchange(redeem(code));
      expect(oauthErrorOf(replay)).toEqual([400, 'invalid_grant']);
    });

    it('refuses a wrong redirect URI, a wrong verifier, another client, and burns the code doing so', async () => {
      const wrongRedirect = await codeFor();
      expect(oauthErrorOf(await exchange(redeem(wrongRedirect, { redirect_uri: LOGGED_OUT })))).toEqual([
        400,
        'invalid_grant',
      ]);
      expect(oauthErrorOf(await exchange(redeem(wrongRedirect)))).toEqual([400, 'invalid_grant']);
      const wrongVerifier = await codeFor();
      expect(oauthErrorOf(await exchange(redeem(wrongVerifier, { code_verifier: 'w'.repeat(43) })))).toEqual([
        400,
        'invalid_grant',
      ]);
      expect(oauthErrorOf(await exchange(redeem('made-up-code')))).toEqual([400, 'invalid_grant']);
      expect(oauthErrorOf(await exchange(redeem('x', { client_id: 'nope' })))).toEqual([
        401,
        'invalid_client',
      ]);
      expect(
        oauthErrorOf(await exchange({ grant_type: 'password', client_id: 'connected-app-test-notes' })),
      ).toEqual([400, 'unsupported_grant_type']);
    });

    it('a public client must use PKCE; a confidential one authenticates with its secret', async () => {
      const noPkce = await codeFor({ code_challenge: undefined });
      expect(oauthErrorOf(await exchange(redeem(noPkce, { code_verifier: undefined })))).toEqual([
        400,
        'invalid_grant',
      ]);

      const server = { client_id: 'connected-app-test-server', code_challenge: undefined };
      const code = await codeFor(server);
      const base = redeem(code, { client_id: 'connected-app-test-server', code_verifier: undefined });
      expect(oauthErrorOf(await exchange({ ...base, client_secret: 'wrong-secret-0123456789' }))).toEqual([
        401,
        'invalid_client',
      ]);
      const ok = await exchange({ ...base, client_secret: 'server-app-secret-0123456789' });
      expect(ok.status).toBe(200);
    });

    it("logout needs no confirmation with an ID token hint of the session's user for this client", async () => {
      const { body } = await exchange(redeem(await codeFor()));
      const params = { client_id: 'connected-app-test-notes', post_logout_redirect_uri: LOGGED_OUT };
      // The access token has the same issuer and audience, but it is no ID token hint.
      const byAccessToken = await kit.ok(
        '/oauth/logout/start',
        { ...params, id_token_hint: body['access_token'] },
        token,
      );
      expect(byAccessToken['consent_required']).toBe(true);
      const hinted = await kit.ok(
        '/oauth/logout/start',
        { ...params, id_token_hint: body['id_token'] },
        token,
      );
      expect(hinted['consent_required']).toBe(false);
      const other = String((await kit.signInByMagicLink(freshEmail()))['session_token']);
      const foreign = await kit.ok(
        '/oauth/logout/start',
        { ...params, id_token_hint: body['id_token'] },
        other,
      );
      expect(foreign['consent_required']).toBe(true);
      const forged = await kit.ok('/oauth/logout/start', { ...params, id_token_hint: 'a.b.c' }, token);
      expect(forged['consent_required']).toBe(true);
    });
  });
});
