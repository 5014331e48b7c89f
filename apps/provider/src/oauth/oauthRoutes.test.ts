import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ORIGIN, HOST, LIVE_TOKEN, testConfig, testProject, TEST_TOKEN } from '../../test/testConfig';
import { DB_KINDS } from '../../test/testDatabases';
import { openAuthKit, REDIRECT } from '../../test/authTestKit';

const SIGNUP = `${HOST}/welcome`;

const pkceChallenge = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const config = () => {
  const base = testConfig();
  const [test, live] = base.projects;
  if (!test || !live) throw new Error('testConfig changed');
  return {
    projects: [
      testProject({
        redirect_urls: [REDIRECT, SIGNUP],
        oauth_providers: [
          { type: 'google', dev_idp: true, one_tap: false },
          {
            type: 'github',
            dev_idp: false,
            client_id: 'real-client',
            client_secret_env: 'LATCH_TEST_OAUTH_SECRET_NEVER_SET',
            one_tap: false,
          },
        ],
      }),
      { ...live, oauth_providers: [{ type: 'google' as const, dev_idp: true, one_tap: false }] },
    ],
  };
};

describe.each(DB_KINDS)('OAuth through the dev identity provider on %s', (kind) => {
  let kit: Awaited<ReturnType<typeof openAuthKit>>;
  beforeAll(async () => {
    kit = await openAuthKit(kind, config());
  });
  afterAll(() => kit.close());

  const start = (query: Record<string, string>, provider = 'google') =>
    kit.app.request(`/v1/public/oauth/${provider}/start?${new URLSearchParams(query).toString()}`);

  /** Start, then "sign in at the provider" with `email`: answers the landing URL. */
  async function signInAtProvider(email: string, query: Record<string, string> = {}) {
    const started = await start({
      public_token: TEST_TOKEN,
      login_redirect_url: REDIRECT,
      signup_redirect_url: SIGNUP,
      ...query,
    });
    expect(started.status).toBe(302);
    const authorize = new URL(started.headers.get('location') ?? '');
    expect(authorize.pathname).toBe('/dev/oauth/google/authorize');
    const page = await kit.app.request(authorize.pathname + authorize.search);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sign in with Google');
    const submitted = await kit.app.request(authorize.pathname + authorize.search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: authorize.searchParams.get('state') ?? '', email }).toString(),
    });
    expect(submitted.status).toBe(302);
    return { landing: new URL(submitted.headers.get('location') ?? ''), authorize };
  }

  it('signs a new visitor up, then the same account logs in as the same user', async () => {
    const email = `oauth-${kind}@example.com`;
    const first = await signInAtProvider(email);
    expect(first.landing.origin + first.landing.pathname).toBe(SIGNUP);
    expect(first.landing.searchParams.get('stytch_token_type')).toBe('oauth');
    const data = await kit.ok('/oauth/authenticate', {
      token: first.landing.searchParams.get('token'),
      session_duration_minutes: 30,
    });
    expect(data['provider_type']).toBe('google');
    expect(data['provider_subject']).toMatch(/^dev-[0-9a-f]{32}$/);
    const user = data['user'] as { emails: { email: string; verified: boolean }[]; providers: unknown[] };
    expect(user.emails).toEqual([expect.objectContaining({ email, verified: true })]);
    expect(user.providers).toEqual([
      expect.objectContaining({ provider_type: 'google', provider_subject: data['provider_subject'] }),
    ]);
    const factors = (
      data['session'] as { authentication_factors: { type: string; delivery_method: string }[] }
    ).authentication_factors;
    expect(factors).toEqual([expect.objectContaining({ type: 'oauth', delivery_method: 'oauth_google' })]);
    expect((await kit.verifyJwt(String(data['session_jwt']))).sub).toBe(data['user_id']);

    const again = await signInAtProvider(email);
    expect(again.landing.origin + again.landing.pathname).toBe(REDIRECT);
    const second = await kit.ok('/oauth/authenticate', {
      token: again.landing.searchParams.get('token'),
      session_duration_minutes: 30,
    });
    expect(second['user_id']).toBe(data['user_id']);
    expect((second['user'] as { providers: unknown[] }).providers).toHaveLength(1);
  });

  it('posts the dev sign-in form to the configured auth origin, whatever Host the request named', async () => {
    const started = await start({ public_token: TEST_TOKEN, login_redirect_url: REDIRECT });
    const authorize = new URL(started.headers.get('location') ?? '');
    const forged = `http://attacker.example${authorize.pathname}${authorize.search}`;
    const action = async (response: Response) =>
      (/<form method="post" action="([^"]*)"/.exec(await response.text())?.[1] ?? '').replaceAll(
        '&amp;',
        '&',
      );
    const expected = `${AUTH_ORIGIN}${authorize.pathname}${authorize.search}`;
    expect(await action(await kit.app.request(forged))).toBe(expected);
    // The page again with a problem (no email), after a POST.
    const retry = await kit.app.request(forged, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: authorize.searchParams.get('state') ?? '', email: '' }).toString(),
    });
    expect(retry.status).toBe(400);
    expect(await action(retry)).toBe(expected);
  });

  it('uses a token once, and a state once', async () => {
    const { landing, authorize } = await signInAtProvider(`once-${kind}@example.com`);
    const token = landing.searchParams.get('token');
    await kit.ok('/oauth/authenticate', { token, session_duration_minutes: 30 });
    const replay = await kit.post('/oauth/authenticate', { token, session_duration_minutes: 30 });
    expect(replay.status).toBe(404);
    expect(replay.body).toMatchObject({ error_type: 'oauth_token_not_found' });
    const resubmitted = await kit.app.request(authorize.pathname + authorize.search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        state: authorize.searchParams.get('state') ?? '',
        email: 'x@example.com',
      }).toString(),
    });
    expect(resubmitted.status).toBe(400);
    expect(await resubmitted.text()).toContain('expired or was already used');
  });

  it('holds the token to the PKCE verifier the start was given', async () => {
    const { verifier, challenge } = pkceChallenge();
    const { landing } = await signInAtProvider(`pkce-${kind}@example.com`, { code_challenge: challenge });
    const token = landing.searchParams.get('token');
    const without = await kit.post('/oauth/authenticate', { token, session_duration_minutes: 30 });
    expect(without.body).toMatchObject({ error_type: 'oauth_token_not_found' });
    await kit.ok('/oauth/authenticate', { token, session_duration_minutes: 30, code_verifier: verifier });
  });

  it('refuses a redirect URL the project does not list, and unconfigured or offline providers', async () => {
    const page = async (r: Response) => ({
      status: r.status,
      type: r.headers.get('content-type'),
      text: await r.text(),
    });
    /** Where a failed start sends the visitor: the login redirect URL with the error. */
    const errorOf = (r: Response) => {
      expect(r.status).toBe(302);
      const landing = new URL(r.headers.get('location') ?? '');
      expect(landing.origin + landing.pathname).toBe(REDIRECT);
      expect(landing.searchParams.get('stytch_token_type')).toBe('oauth');
      return landing.searchParams.get('error');
    };
    expect(
      await page(await start({ public_token: TEST_TOKEN, login_redirect_url: 'https://evil.example/steal' })),
    ).toMatchObject({
      status: 400,
      type: expect.stringMatching(/^text\/html/),
      text: expect.stringContaining('redirect_url_not_found'),
    });
    expect(errorOf(await start({ public_token: TEST_TOKEN }, 'apple'))).toBe('oauth_config_not_found');
    // A real provider whose secret's environment variable is not set.
    expect(errorOf(await start({ public_token: TEST_TOKEN }, 'github'))).toBe('oauth_config_not_found');
    // A live project never gets the dev identity provider.
    expect(errorOf(await start({ public_token: LIVE_TOKEN }))).toBe('oauth_config_not_found');
    expect(await page(await start({ public_token: 'public-token-test-nope' }))).toMatchObject({
      status: 401,
      text: expect.stringContaining('invalid_public_token'),
    });
    expect(errorOf(await start({ public_token: TEST_TOKEN, code_challenge: 'short' }))).toBe('invalid_field');
  });

  it('keeps the state when the email is not an address, and shows the problem', async () => {
    const started = await start({ public_token: TEST_TOKEN });
    const authorize = new URL(started.headers.get('location') ?? '');
    const bad = await kit.app.request(authorize.pathname + authorize.search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        state: authorize.searchParams.get('state') ?? '',
        email: 'not-an-email',
      }).toString(),
    });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain('Enter the email address of the account.');
    const good = await kit.app.request(authorize.pathname + authorize.search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        state: authorize.searchParams.get('state') ?? '',
        email: `late-${kind}@example.com`,
      }).toString(),
    });
    expect(good.status).toBe(302);
  });

  it("a stranger's password sign-up: the owner's Google sign-in claims the account and keeps its link", async () => {
    const email = `claimed-${kind}@example.com`;
    const password = 'plum-Vortex-9-quietly-Anchor';
    const stranger = await kit.ok('/passwords', { email, password, session_duration_minutes: 30 });
    const { landing } = await signInAtProvider(email);
    const owner = await kit.ok('/oauth/authenticate', {
      token: landing.searchParams.get('token'),
      session_duration_minutes: 30,
    });
    expect(owner['user_id']).toBe(stranger['user_id']);
    const user = owner['user'] as { emails: unknown[]; providers: unknown[]; password: unknown };
    expect(user.emails).toEqual([expect.objectContaining({ email, verified: true })]);
    expect(user.providers).toEqual([expect.objectContaining({ provider_type: 'google' })]);
    expect(user.password).toMatchObject({ requires_reset: true });
    const old = await kit.post('/sessions/authenticate', {}, String(stranger['session_token']));
    expect([old.status, old.body['error_type']]).toEqual([404, 'session_not_found']);
    const login = await kit.post('/passwords/authenticate', {
      email,
      password,
      session_duration_minutes: 30,
    });
    expect(login.body['error_type']).toBe('reset_password');
  });

  it('takes nothing when the sign-in carries the password holder’s own session', async () => {
    const email = `held-${kind}@example.com`;
    const password = 'plum-Vortex-9-quietly-Anchor';
    const holder = await kit.ok('/passwords', { email, password, session_duration_minutes: 30 });
    const token = String(holder['session_token']);
    const { landing } = await signInAtProvider(email);
    const linked = await kit.ok(
      '/oauth/authenticate',
      { token: landing.searchParams.get('token'), session_duration_minutes: 30 },
      token,
    );
    expect(linked['session_token']).toBe(token);
    expect((linked['user'] as { emails: unknown[] }).emails).toEqual([
      expect.objectContaining({ email, verified: true }),
    ]);
    expect((await kit.post('/sessions/authenticate', {}, token)).status).toBe(200);
    const login = await kit.post('/passwords/authenticate', {
      email,
      password,
      session_duration_minutes: 30,
    });
    expect(login.status).toBe(200);
  });

  it('answers 4xx envelopes for malformed authenticate bodies', async () => {
    for (const body of [{}, { token: 42 }, '{not json', { token: 'x', session_duration_minutes: -1 }]) {
      const r = await kit.post('/oauth/authenticate', body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(typeof r.body['error_type']).toBe('string');
    }
  });
});
