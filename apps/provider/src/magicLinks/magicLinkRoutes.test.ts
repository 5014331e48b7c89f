import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DB_KINDS } from '../../test/testDatabases';
import { AUTH_ORIGIN, HOST, testConfig, testProject } from '../../test/testConfig';
import { authKitFor, openAuthKit, PROJECT_ID, REDIRECT, type AuthKit } from '../../test/authTestKit';

let n = 0;
const freshEmail = () => `Person${++n}-${Date.now()}@Example.com`;

describe.each(DB_KINDS)('email magic links on %s', (kind) => {
  const kit = authKitFor(kind);

  it('signs a new user up: an email with the link, then a session whose JWT verifies against the JWKS', async () => {
    const email = freshEmail();
    const sent = await kit.post('/magic_links/email/login_or_create', {
      email,
      create_user_as_pending: true,
    });
    expect(sent.status).toBe(200);
    expect(Object.keys(sent.body['data'] as object).sort()).toEqual(['request_id', 'status_code']);

    const message = await kit.latest(email.toLowerCase());
    expect(message.channel).toBe('email');
    expect(message.subject).toContain('sign-up');
    expect(message.link).toBe(`${REDIRECT}?token=${message.metadata.token}&stytch_token_type=magic_links`);
    expect(message.text).toContain(message.link);
    const [pending] = await kit.db.query<{ status: string }>(
      'SELECT u.status FROM users u JOIN user_emails e USING (user_id) WHERE e.email = $1',
      [email.toLowerCase()],
    );
    expect(pending?.status).toBe('pending');

    const data = await kit.ok('/magic_links/authenticate', {
      token: message.metadata.token,
      session_duration_minutes: 60,
    });
    const user = data['user'] as {
      status: string;
      emails: { email_id: string; email: string; verified: boolean }[];
    };
    expect(user.status).toBe('active');
    expect(user.emails).toEqual([
      { email_id: data['method_id'], email: email.toLowerCase(), verified: true },
    ]);
    const session = data['session'] as {
      session_id: string;
      started_at: string;
      expires_at: string;
      authentication_factors: unknown[];
    };
    expect(new Date(session.expires_at).getTime() - new Date(session.started_at).getTime()).toBe(60 * 60_000);
    expect(session.authentication_factors).toEqual([
      {
        type: 'magic_link',
        delivery_method: 'email',
        last_authenticated_at: session.started_at,
        email_factor: { email_id: data['method_id'], email_address: email.toLowerCase() },
      },
    ]);
    expect(data['session_token']).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const claims = await kit.verifyJwt(String(data['session_jwt']));
    expect(claims).toMatchObject({ sub: data['user_id'], iss: AUTH_ORIGIN, aud: [PROJECT_ID] });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(300);
    expect(claims.nbf).toBe(claims.iat);
    expect(claims['https://stytch.com/session']).toEqual({
      id: session.session_id,
      started_at: session.started_at,
      last_accessed_at: session.started_at,
      expires_at: session.expires_at,
      attributes: { ip_address: '', user_agent: '' },
      authentication_factors: session.authentication_factors,
      roles: [],
    });
    const [stored] = await kit.db.query<{ token_hash: string }>(
      'SELECT token_hash FROM sessions WHERE session_id = $1',
      [session.session_id],
    );
    expect(stored?.token_hash).toBe(createHash('sha256').update(String(data['session_token'])).digest('hex'));
  });

  it('uses a link once', async () => {
    const email = freshEmail();
    await kit.ok('/magic_links/email/login_or_create', { email });
    const { metadata } = await kit.latest(email);
    await kit.ok('/magic_links/authenticate', { token: metadata.token, session_duration_minutes: 30 });
    const again = await kit.post('/magic_links/authenticate', {
      token: metadata.token,
      session_duration_minutes: 30,
    });
    expect(again.status).toBe(401);
    expect(again.body).toMatchObject({ error_type: 'unable_to_auth_magic_link', status_code: 401 });
  });

  it('refuses an expired link and honours the requested login expiry for a known user', async () => {
    const email = freshEmail();
    await kit.signInByMagicLink(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    await kit.ok('/magic_links/email/login_or_create', { email, login_expiration_minutes: 5 });
    const message = await kit.latest(email);
    expect(message.subject).toContain('login');
    vi.setSystemTime(start + 5 * 60_000 + 1000);
    const late = await kit.post('/magic_links/authenticate', {
      token: message.metadata.token,
      session_duration_minutes: 30,
    });
    expect(late.body).toMatchObject({ error_type: 'unable_to_auth_magic_link' });
  });

  it('only links to redirect URLs of the project, and appends to an existing query with &', async () => {
    const refused = await kit.post('/magic_links/email/login_or_create', {
      email: freshEmail(),
      login_magic_link_url: 'https://evil.example/authenticate',
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error_type: 'redirect_url_not_found' });
    const unparseable = await kit.post('/magic_links/email/login_or_create', {
      email: freshEmail(),
      signup_magic_link_url: 'not a url',
    });
    expect(unparseable.body).toMatchObject({ error_type: 'redirect_url_not_found' });

    const withQuery = `${HOST}/authenticate?next=home`;
    const custom = await openAuthKit('pglite', {
      projects: [testProject({ redirect_urls: [REDIRECT, withQuery] }), ...testConfig().projects.slice(1)],
    });
    try {
      const email = freshEmail();
      await custom.ok('/magic_links/email/login_or_create', { email, signup_magic_link_url: withQuery });
      const { link, metadata } = await custom.latest(email);
      expect(link).toBe(`${withQuery}&token=${metadata.token}&stytch_token_type=magic_links`);
    } finally {
      await custom.close();
    }
  }, 60_000);

  it('checks a PKCE verifier against the challenge sent with the request', async () => {
    const email = freshEmail();
    const verifier = 'a'.repeat(64);
    const code_challenge = createHash('sha256').update(verifier).digest('base64url');
    await kit.ok('/magic_links/email/login_or_create', { email, code_challenge });
    const { metadata } = await kit.latest(email);
    const wrong = await kit.post('/magic_links/authenticate', {
      token: metadata.token,
      session_duration_minutes: 30,
      code_verifier: 'b'.repeat(64),
    });
    expect(wrong.body).toMatchObject({ error_type: 'unable_to_auth_magic_link' });
    const none = await kit.post('/magic_links/authenticate', {
      token: metadata.token,
      session_duration_minutes: 30,
    });
    expect(none.body).toMatchObject({ error_type: 'unable_to_auth_magic_link' });
    await kit.ok('/magic_links/authenticate', {
      token: metadata.token,
      session_duration_minutes: 30,
      code_verifier: verifier,
    });
  });

  it('adds the factor to the session presented in the Authorization header', async () => {
    const email = freshEmail();
    const first = await kit.signInByMagicLink(email);
    const second = await kit.signInByMagicLink(email, String(first['session_token']));
    expect((second['session'] as { session_id: string }).session_id).toBe(
      (first['session'] as { session_id: string }).session_id,
    );
    expect(second['session_token']).toBe(first['session_token']);
  });
});

describe('magic link request validation', () => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit('pglite');
  }, 60_000);
  afterAll(() => kit?.close());

  it.each([
    [{ email: 'not-an-email' }, 400, 'invalid_email'],
    [{ email: 'a@b' }, 400, 'invalid_email'],
    [{ email: 'a b@example.com' }, 400, 'invalid_email'],
    [{}, 400, 'missing_field'],
    [{ email: 42 }, 400, 'invalid_field'],
    [{ email: 'a@example.com', login_expiration_minutes: 4 }, 400, 'invalid_field'],
    [{ email: 'a@example.com', signup_expiration_minutes: 10_081 }, 400, 'invalid_field'],
    [{ email: 'a@example.com', code_challenge: 'short' }, 400, 'invalid_field'],
    ['{"email":', 400, 'invalid_json'],
    [[1, 2], 400, 'bad_request'],
  ])('login_or_create %j → %i %s', async (body, status, error_type) => {
    const r = await kit.post('/magic_links/email/login_or_create', body);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({ error_type, status_code: status });
  });

  it.each([
    [{}, 'missing_field'],
    [{ token: '' }, 'invalid_field'],
    [{ token: 'x', session_duration_minutes: 4 }, 'invalid_field'],
    [{ token: 'x', session_duration_minutes: 527_041 }, 'invalid_field'],
    [{ token: 'unknown-token', session_duration_minutes: 30 }, 'unable_to_auth_magic_link'],
  ])('authenticate %j → %s', async (body, error_type) => {
    const r = await kit.post('/magic_links/authenticate', body);
    expect(r.status).toBeGreaterThanOrEqual(400);
    expect(r.status).toBeLessThan(500);
    expect(r.body).toMatchObject({ error_type });
  });
});
