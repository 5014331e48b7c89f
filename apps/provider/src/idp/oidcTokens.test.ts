import { createHash } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuthKit, PROJECT_ID, PROJECT_SECRET, type AuthKit } from '../../test/authTestKit';
import {
  ADMIN,
  CALLBACK,
  codeThroughScreen,
  ISSUER,
  NOTES,
  OTHER,
  OTHER_SECRET,
  oauthBasic,
  oidcConfig,
  pkcePair,
  postForm,
  SERVER,
  SERVER_SECRET,
  type OAuthAnswer,
} from '../../test/oidcTestKit';
import { basic, TEST_TOKEN } from '../../test/testConfig';
import { DB_KINDS } from '../../test/testDatabases';

const TOKEN = `/v1/public/${PROJECT_ID}/oauth2/token`;
const USERINFO = `/v1/public/${PROJECT_ID}/oauth2/userinfo`;
const REVOKE = `/v1/public/${PROJECT_ID}/oauth2/revoke`;
const INTROSPECT = `/v1/public/${PROJECT_ID}/oauth2/introspect`;

let n = 0;
const freshEmail = () => `oidc-tokens${++n}-${Date.now()}@example.com`;
const errorOf = (r: OAuthAnswer) => [r.status, r.body['error']];

describe.each(DB_KINDS)('OpenID Connect tokens on %s', (kind) => {
  let kit: AuthKit;
  let session: string;
  let email: string;
  beforeAll(async () => {
    kit = await openAuthKit(kind, oidcConfig());
    email = freshEmail();
    session = String((await kit.signInByMagicLink(email))['session_token']);
  }, 60_000);
  afterAll(() => kit?.close());

  /** A code for the confidential server client (no PKCE needed) and what redeeming it answers. */
  const serverTokens = async (scopes: string[], nonce?: string) => {
    const code = await codeThroughScreen(kit, session, {
      client_id: SERVER,
      scopes,
      ...(nonce ? { nonce } : {}),
    });
    const answer = await postForm(
      kit.app,
      TOKEN,
      { grant_type: 'authorization_code', code, redirect_uri: CALLBACK },
      oauthBasic(SERVER, SERVER_SECRET),
    );
    expect(answer.status).toBe(200);
    return { code, body: answer.body };
  };
  const refresh = (
    refreshToken: string,
    extra: Record<string, string> = {},
    client = SERVER,
    secret = SERVER_SECRET,
  ) =>
    postForm(
      kit.app,
      TOKEN,
      { grant_type: 'refresh_token', refresh_token: refreshToken, ...extra },
      oauthBasic(client, secret),
    );
  const userInfo = async (accessToken: string) => {
    const response = await kit.app.request(USERINFO, { headers: { Authorization: `Bearer ${accessToken}` } });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown>,
      headers: response.headers,
    };
  };

  describe('client authentication at the token endpoint', () => {
    it('client_secret_basic decodes RFC 6749 section 2.3.1 form encoding; no-store on success and error', async () => {
      const code = await codeThroughScreen(kit, session, { client_id: SERVER, scopes: ['openid'] });
      const form = { grant_type: 'authorization_code', code, redirect_uri: CALLBACK };
      // The secret's '+' sent raw means a space once decoded: wrong secret, with a Basic challenge.
      const raw = `Basic ${Buffer.from(`${SERVER}:${SERVER_SECRET}`).toString('base64')}`;
      const refused = await postForm(kit.app, TOKEN, form, raw);
      expect(errorOf(refused)).toEqual([401, 'invalid_client']);
      expect(refused.headers.get('WWW-Authenticate')).toMatch(/^Basic /);
      expect(refused.headers.get('Cache-Control')).toBe('no-store');
      // The code survived: the client was refused before it was looked at.
      const ok = await postForm(kit.app, TOKEN, form, oauthBasic(SERVER, SERVER_SECRET));
      expect(ok.status).toBe(200);
      expect(ok.headers.get('Cache-Control')).toBe('no-store');
      expect(ok.body).toMatchObject({ token_type: 'Bearer', scope: 'openid' });
    });

    it('client_secret_post, and none for a public client with PKCE', async () => {
      const code = await codeThroughScreen(kit, session, { client_id: SERVER, scopes: ['openid'] });
      const posted = await postForm(kit.app, TOKEN, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        client_id: SERVER,
        client_secret: SERVER_SECRET,
      });
      expect(posted.status).toBe(200);

      const { verifier, challenge } = pkcePair();
      const publicCode = await codeThroughScreen(kit, session, {
        client_id: NOTES,
        scopes: ['openid'],
        code_challenge: challenge,
      });
      const none = await postForm(kit.app, TOKEN, {
        grant_type: 'authorization_code',
        code: publicCode,
        redirect_uri: CALLBACK,
        client_id: NOTES,
        code_verifier: verifier,
      });
      expect(none.status).toBe(200);
    });

    it('refuses: two methods at once, a secret for a public client, an unknown client, no client', async () => {
      const form = { grant_type: 'authorization_code', code: 'c', redirect_uri: CALLBACK };
      expect(
        errorOf(
          await postForm(
            kit.app,
            TOKEN,
            { ...form, client_secret: SERVER_SECRET },
            oauthBasic(SERVER, SERVER_SECRET),
          ),
        ),
      ).toEqual([400, 'invalid_request']);
      expect(
        errorOf(
          await postForm(kit.app, TOKEN, { ...form, client_id: OTHER }, oauthBasic(SERVER, SERVER_SECRET)),
        ),
      ).toEqual([400, 'invalid_request']);
      expect(
        errorOf(await postForm(kit.app, TOKEN, form, oauthBasic(NOTES, 'anything-at-all-here'))),
      ).toEqual([401, 'invalid_client']);
      // Without Basic, invalid_client carries no Basic challenge.
      const unknown = await postForm(kit.app, TOKEN, {
        ...form,
        client_id: 'nope',
        client_secret: 'whatever-secret',
      });
      expect(errorOf(unknown)).toEqual([401, 'invalid_client']);
      expect(unknown.headers.get('WWW-Authenticate')).toBeNull();
      expect(errorOf(await postForm(kit.app, TOKEN, { ...form, client_id: SERVER }))).toEqual([
        401,
        'invalid_client',
      ]);
      expect(errorOf(await postForm(kit.app, TOKEN, form))).toEqual([401, 'invalid_client']);
      expect(errorOf(await postForm(kit.app, TOKEN, form, 'Basic !!!'))).toEqual([401, 'invalid_client']);
      // A client of this project is unknown at another project's issuer.
      const live = await postForm(
        kit.app,
        '/v1/public/project-live-22222222-2222-4222-8222-222222222222/oauth2/token',
        form,
        oauthBasic(SERVER, SERVER_SECRET),
      );
      expect(errorOf(live)).toEqual([401, 'invalid_client']);
    });

    it('RFC 6749 section 5.2 errors for the request itself', async () => {
      const auth = oauthBasic(SERVER, SERVER_SECRET);
      expect(errorOf(await postForm(kit.app, TOKEN, { redirect_uri: CALLBACK }, auth))).toEqual([
        400,
        'invalid_request',
      ]);
      expect(errorOf(await postForm(kit.app, TOKEN, { grant_type: 'password' }, auth))).toEqual([
        400,
        'unsupported_grant_type',
      ]);
      expect(
        errorOf(
          await postForm(kit.app, TOKEN, { grant_type: 'authorization_code', redirect_uri: CALLBACK }, auth),
        ),
      ).toEqual([400, 'invalid_request']);
      const repeated = await kit.app.request(TOKEN, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Authorization: auth },
        body: 'grant_type=authorization_code&code=a&code=b&redirect_uri=x',
      });
      expect([repeated.status, ((await repeated.json()) as Record<string, unknown>)['error']]).toEqual([
        400,
        'invalid_request',
      ]);
      const code = await codeThroughScreen(kit, session, { client_id: SERVER, scopes: ['openid'] });
      // A verifier for a code issued without a challenge: a PKCE downgrade, refused.
      expect(
        errorOf(
          await postForm(
            kit.app,
            TOKEN,
            { grant_type: 'authorization_code', code, redirect_uri: CALLBACK, code_verifier: 'v'.repeat(43) },
            auth,
          ),
        ),
      ).toEqual([400, 'invalid_grant']);
    });
  });

  describe('claims: the ID token and UserInfo per scope', () => {
    it('carries sub, auth_time, nonce and the email, profile and phone claims granted', async () => {
      const [user] = await kit.db.query<{ user_id: string }>(
        'SELECT user_id FROM user_emails WHERE email = $1',
        [email],
      );
      const userId = String(user?.user_id);
      await kit.db.query(`UPDATE users SET name = $2 WHERE user_id = $1`, [
        userId,
        JSON.stringify({ first_name: 'Ada', middle_name: '', last_name: 'Lovelace' }),
      ]);
      await kit.db.query(
        `INSERT INTO user_phone_numbers (phone_id, user_id, project_id, phone_number, verified) VALUES ($1, $2, $3, $4, false)`,
        [`phone-test-${Date.now()}`, userId, PROJECT_ID, `+1555555${String(Date.now()).slice(-4)}`],
      );
      const { body } = await serverTokens(['openid', 'email', 'profile', 'phone'], 'nonce-42');
      const idToken = decodeJwt(String(body['id_token']));
      const expected = {
        sub: userId,
        email,
        email_verified: true,
        name: 'Ada Lovelace',
        given_name: 'Ada',
        family_name: 'Lovelace',
        phone_number: expect.stringMatching(/^\+1555555\d{4}$/),
        phone_number_verified: false,
      };
      expect(idToken).toMatchObject({ ...expected, iss: ISSUER, aud: SERVER, nonce: 'nonce-42' });
      expect(idToken['middle_name']).toBeUndefined();
      const [factor] = await kit.db.query<{ started_at: Date }>(
        'SELECT started_at FROM sessions WHERE user_id = $1 ORDER BY started_at LIMIT 1',
        [userId],
      );
      expect(
        Math.abs(
          Number(idToken['auth_time']) - Math.floor(new Date(String(factor?.started_at)).getTime() / 1000),
        ),
      ).toBeLessThanOrEqual(1);

      const info = await userInfo(String(body['access_token']));
      expect(info.status).toBe(200);
      expect(info.headers.get('Cache-Control')).toBe('no-store');
      expect(info.body).toEqual(expected);

      // Only what the scopes grant.
      const narrow = await serverTokens(['openid']);
      expect(Object.keys((await userInfo(String(narrow.body['access_token']))).body)).toEqual(['sub']);
      expect(decodeJwt(String(narrow.body['id_token']))['email']).toBeUndefined();
    });

    it('UserInfo: GET or POST, RFC 6750 errors, and nothing but an access token with openid', async () => {
      const { body } = await serverTokens(['openid', 'email']);
      const access = String(body['access_token']);
      const posted = await postForm(kit.app, USERINFO, { access_token: access });
      expect(posted.status).toBe(200);
      expect(posted.body['email']).toBe(email);
      const both = await postForm(kit.app, USERINFO, { access_token: access }, `Bearer ${access}`);
      expect(errorOf(both)).toEqual([400, 'invalid_request']);

      const none = await kit.app.request(USERINFO);
      expect(none.status).toBe(401);
      expect(none.headers.get('WWW-Authenticate')).toBe('Bearer realm="userinfo"');
      for (const wrong of [String(body['id_token']), access.slice(0, -4) + 'AAAA', 'a.b.c']) {
        const refused = await userInfo(wrong);
        expect(refused.status).toBe(401);
        expect(refused.headers.get('WWW-Authenticate')).toContain('error="invalid_token"');
      }
      const sessionJwt = String((await kit.signInByMagicLink(freshEmail()))['session_jwt']);
      expect((await userInfo(sessionJwt)).status).toBe(401);
      // Another issuer's UserInfo does not take this issuer's token.
      const live = await kit.app.request(
        '/v1/public/project-live-22222222-2222-4222-8222-222222222222/oauth2/userinfo',
        { headers: { Authorization: `Bearer ${access}` } },
      );
      expect(live.status).toBe(401);

      const noOpenid = await serverTokens(['email']);
      const insufficient = await userInfo(String(noOpenid.body['access_token']));
      expect([insufficient.status, insufficient.body['error']]).toEqual([403, 'insufficient_scope']);
      expect(noOpenid.body['id_token']).toBeUndefined();
    });

    it('an access token is never accepted where a session JWT or token is expected', async () => {
      const { body } = await serverTokens(['openid', 'email']);
      const access = String(body['access_token']);
      expect(decodeProtectedHeader(access).typ).toBe('at+jwt');
      expect(decodeJwt(access)).toMatchObject({ iss: ISSUER, aud: SERVER, client_id: SERVER });
      const backend = await kit.backend({ session_jwt: access });
      expect(backend.status).toBeGreaterThanOrEqual(400);
      expect(backend.status).toBeLessThan(500);
      const asToken = await kit.backend({ session_token: access });
      expect(asToken.status).toBeGreaterThanOrEqual(400);
      expect(asToken.status).toBeLessThan(500);
      const sdk = await kit.app.request('/sdk/v1/sessions/authenticate', {
        method: 'POST',
        headers: { Authorization: basic(TEST_TOKEN, access), 'Content-Type': 'application/json' },
        body: '{}',
      });
      expect(sdk.status).toBeGreaterThanOrEqual(400);
      expect(sdk.status).toBeLessThan(500);
      // The ID token neither.
      expect((await kit.backend({ session_jwt: String(body['id_token']) })).status).toBeGreaterThanOrEqual(
        400,
      );
      // While the session JWT of the same user still is (the check is not just failing everything).
      const own = await kit.signInByMagicLink(email);
      expect((await kit.backend({ session_jwt: String(own['session_jwt']) })).status).toBe(200);
      expect(PROJECT_SECRET).toBeTruthy();
    });
  });

  describe('refresh tokens (offline_access)', () => {
    it('are issued only with offline_access, stored hashed, and rotate on each use', async () => {
      expect((await serverTokens(['openid'])).body['refresh_token']).toBeUndefined();
      const { body } = await serverTokens(['openid', 'email', 'offline_access'], 'n-refresh');
      const first = String(body['refresh_token']);
      expect(first.length).toBeGreaterThanOrEqual(40);
      const stored = await kit.db.query<{ token_hash: string }>(
        'SELECT token_hash FROM idp_refresh_tokens WHERE token_hash = $1 OR token_hash = $2',
        [first, createHash('sha256').update(first).digest('hex')],
      );
      expect(stored).toEqual([{ token_hash: createHash('sha256').update(first).digest('hex') }]);

      const next = await refresh(first);
      expect(next.status).toBe(200);
      expect(next.headers.get('Cache-Control')).toBe('no-store');
      const second = String(next.body['refresh_token']);
      expect(second).not.toBe(first);
      expect(next.body['scope']).toBe('openid email offline_access');
      const original = decodeJwt(String(body['id_token']));
      const renewed = decodeJwt(String(next.body['id_token']));
      expect(renewed).toMatchObject({
        sub: original.sub,
        aud: SERVER,
        iss: ISSUER,
        auth_time: original['auth_time'],
      });
      expect(renewed['nonce']).toBeUndefined();
      expect((await userInfo(String(next.body['access_token']))).status).toBe(200);

      // A narrower scope is fine; a wider one is refused and leaves the token usable.
      expect(errorOf(await refresh(second, { scope: 'openid phone' }))).toEqual([400, 'invalid_scope']);
      const narrowed = await refresh(second, { scope: 'openid' });
      expect(narrowed.status).toBe(200);
      expect(narrowed.body['scope']).toBe('openid');
      expect(Object.keys((await userInfo(String(narrowed.body['access_token']))).body)).toEqual(['sub']);
    });

    it('reuse of a used refresh token revokes the whole family', async () => {
      const { body } = await serverTokens(['openid', 'offline_access']);
      const first = String(body['refresh_token']);
      const next = await refresh(first);
      const second = String(next.body['refresh_token']);
      const access = String(next.body['access_token']);
      expect(errorOf(await refresh(first))).toEqual([400, 'invalid_grant']);
      // The thief's use ended the legitimate client's chain too, and its access tokens here.
      expect(errorOf(await refresh(second))).toEqual([400, 'invalid_grant']);
      expect((await userInfo(access)).status).toBe(401);
    });

    it("another client cannot use a client's refresh token, and trying does not spend it", async () => {
      const { body } = await serverTokens(['openid', 'offline_access']);
      const token = String(body['refresh_token']);
      expect(errorOf(await refresh(token, {}, OTHER, OTHER_SECRET))).toEqual([400, 'invalid_grant']);
      expect((await refresh(token)).status).toBe(200);
    });

    it('a replayed authorization code revokes what it granted', async () => {
      const { code, body } = await serverTokens(['openid', 'offline_access']);
      const replay = await postForm(
        kit.app,
        TOKEN,
        { grant_type: 'authorization_code', code, redirect_uri: CALLBACK },
        oauthBasic(SERVER, SERVER_SECRET),
      );
      expect(errorOf(replay)).toEqual([400, 'invalid_grant']);
      expect(errorOf(await refresh(String(body['refresh_token'])))).toEqual([400, 'invalid_grant']);
      expect((await userInfo(String(body['access_token']))).status).toBe(401);
    });

    it('a public client refreshes with none', async () => {
      const { verifier, challenge } = pkcePair();
      const code = await codeThroughScreen(kit, session, {
        client_id: NOTES,
        scopes: ['openid', 'offline_access'],
        code_challenge: challenge,
      });
      const tokens = await postForm(kit.app, TOKEN, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        client_id: NOTES,
        code_verifier: verifier,
      });
      const refreshed = await postForm(kit.app, TOKEN, {
        grant_type: 'refresh_token',
        refresh_token: String(tokens.body['refresh_token']),
        client_id: NOTES,
      });
      expect(refreshed.status).toBe(200);
    });
  });

  describe('revocation (RFC 7009) and introspection (RFC 7662)', () => {
    it('revoking a refresh token ends its grant; unknown and foreign tokens answer 200 and change nothing', async () => {
      const { body } = await serverTokens(['openid', 'offline_access']);
      const auth = oauthBasic(SERVER, SERVER_SECRET);
      const foreign = await postForm(
        kit.app,
        REVOKE,
        { token: String(body['refresh_token']) },
        oauthBasic(OTHER, OTHER_SECRET),
      );
      expect(foreign.status).toBe(200);
      expect((await postForm(kit.app, REVOKE, { token: 'never-issued' }, auth)).status).toBe(200);
      const live = await refresh(String(body['refresh_token']));
      expect(live.status).toBe(200);

      const revoked = await postForm(
        kit.app,
        REVOKE,
        { token: String(live.body['refresh_token']), token_type_hint: 'refresh_token' },
        auth,
      );
      expect(revoked.status).toBe(200);
      expect(errorOf(await refresh(String(live.body['refresh_token'])))).toEqual([400, 'invalid_grant']);
      expect((await userInfo(String(live.body['access_token']))).status).toBe(401);

      expect(errorOf(await postForm(kit.app, REVOKE, {}, auth))).toEqual([400, 'invalid_request']);
      expect(
        errorOf(await postForm(kit.app, REVOKE, { token: 'x' }, oauthBasic(SERVER, 'wrong-secret-000000'))),
      ).toEqual([401, 'invalid_client']);
    });

    it('revoking an access token ends its grant too', async () => {
      const { body } = await serverTokens(['openid', 'offline_access']);
      const access = String(body['access_token']);
      expect(
        (await postForm(kit.app, REVOKE, { token: access }, oauthBasic(SERVER, SERVER_SECRET))).status,
      ).toBe(200);
      expect((await userInfo(access)).status).toBe(401);
      expect(errorOf(await refresh(String(body['refresh_token'])))).toEqual([400, 'invalid_grant']);
    });

    it("an owner's first proof of the address ends the grants a stranger's sign-up session made", async () => {
      const email = freshEmail();
      const password = 'plum-Vortex-9-quietly-Anchor';
      const stranger = await kit.ok('/passwords', { email, password, session_duration_minutes: 30 });
      const code = await codeThroughScreen(kit, String(stranger['session_token']), {
        client_id: SERVER,
        scopes: ['openid', 'offline_access'],
      });
      const form = { grant_type: 'authorization_code', code, redirect_uri: CALLBACK };
      const { body } = await postForm(kit.app, TOKEN, form, oauthBasic(SERVER, SERVER_SECRET));
      expect((await userInfo(String(body['access_token']))).status).toBe(200);
      await kit.signInByMagicLink(email);
      expect((await userInfo(String(body['access_token']))).status).toBe(401);
      expect(errorOf(await refresh(String(body['refresh_token'])))).toEqual([400, 'invalid_grant']);
    });

    it('introspection: a confidential client learns about its own live tokens only', async () => {
      const { body } = await serverTokens(['openid', 'email', 'offline_access']);
      const auth = oauthBasic(SERVER, SERVER_SECRET);
      const access = await postForm(kit.app, INTROSPECT, { token: String(body['access_token']) }, auth);
      expect(access.status).toBe(200);
      expect(access.body).toMatchObject({
        active: true,
        token_type: 'Bearer',
        client_id: SERVER,
        scope: 'openid email offline_access',
        iss: ISSUER,
        sub: expect.stringMatching(/^user-test-/),
        exp: expect.any(Number),
      });
      const refreshToken = await postForm(
        kit.app,
        INTROSPECT,
        { token: String(body['refresh_token']) },
        auth,
      );
      expect(refreshToken.body).toMatchObject({
        active: true,
        token_type: 'refresh_token',
        client_id: SERVER,
      });
      const foreign = await postForm(
        kit.app,
        INTROSPECT,
        { token: String(body['access_token']) },
        oauthBasic(OTHER, OTHER_SECRET),
      );
      expect(foreign.body).toEqual({ active: false });
      expect((await postForm(kit.app, INTROSPECT, { token: 'nothing' }, auth)).body).toEqual({
        active: false,
      });
      expect(errorOf(await postForm(kit.app, INTROSPECT, { token: 'nothing', client_id: NOTES }))).toEqual([
        401,
        'invalid_client',
      ]);
      await postForm(kit.app, REVOKE, { token: String(body['refresh_token']) }, auth);
      expect(
        (await postForm(kit.app, INTROSPECT, { token: String(body['access_token']) }, auth)).body,
      ).toEqual({
        active: false,
      });
    });

    it('a first-party client gets its tokens too', async () => {
      const { verifier, challenge } = pkcePair();
      const code = await codeThroughScreen(kit, session, {
        client_id: ADMIN,
        scopes: ['openid'],
        code_challenge: challenge,
      });
      const answer = await postForm(kit.app, TOKEN, {
        grant_type: 'authorization_code',
        code,
        redirect_uri: CALLBACK,
        client_id: ADMIN,
        code_verifier: verifier,
      });
      expect(answer.status).toBe(200);
    });
  });
});
