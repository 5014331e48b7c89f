import { createHash } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RESET_EXPIRATION_MINUTES } from '@latch/api';
import { HOST, testProject } from '../../test/testConfig';
import { DB_KINDS } from '../../test/testDatabases';
import { openAuthKit, REDIRECT, type AuthKit } from '../../test/authTestKit';

const STRONG = 'plum-Vortex-9-quietly-Anchor';
const NEWER = 'saffron-Glacier-71-murmur-Oak';
/** Every hash costs ~100 ms and a fresh database also makes its signing key. */
const SLOW = { timeout: 30_000 };
const RESET_PAGE = `${HOST}/reset-password`;
let n = 0;
const freshEmail = () => `reset${++n}-${Date.now()}@example.com`;

/** The reset link's token and the login link's token, read from the email text. */
function linksOf(text: string) {
  const reset = /(\S+)\?token=([\w-]+)&stytch_token_type=reset_password/.exec(text);
  const login = /(\S+)\?token=([\w-]+)&stytch_token_type=login/.exec(text);
  if (!reset || !login) throw new Error(`no reset and login links in: ${text}`);
  return { resetPage: reset[1], resetToken: reset[2], loginPage: login[1], loginToken: login[2] };
}

describe.each(DB_KINDS)('password reset by email on %s', SLOW, (kind) => {
  let kit: AuthKit;
  beforeAll(async () => {
    // The login page comes first, so the reset default must search for the `reset` path.
    kit = await openAuthKit(kind, {
      projects: [testProject({ redirect_urls: [REDIRECT, RESET_PAGE] })],
    });
  }, 60_000);
  afterAll(() => kit?.close());
  afterEach(() => vi.useRealTimers());

  const signUp = (email: string) =>
    kit.ok('/passwords', { email, password: STRONG, session_duration_minutes: 30 });
  const login = (email: string, password: string) =>
    kit.post('/passwords/authenticate', { email, password, session_duration_minutes: 30 });
  const reset = (token: string | undefined, password = NEWER) =>
    kit.post('/passwords/email/reset', { token, password, session_duration_minutes: 45 });

  it('emails both links, resets with the token once, and swaps the passwords', async () => {
    const email = freshEmail();
    const { user_id } = await signUp(email);
    const started = await kit.post('/passwords/email/reset/start', { email });
    expect(started.status).toBe(200);
    expect(Object.keys(started.body['data'] as object).sort()).toEqual(['request_id', 'status_code']);

    const message = await kit.latest(email);
    const links = linksOf(message.text);
    expect(links).toMatchObject({ resetPage: RESET_PAGE, loginPage: REDIRECT });
    expect(message.link).toBe(`${RESET_PAGE}?token=${links.resetToken}&stytch_token_type=reset_password`);

    const weak = await reset(links.resetToken, 'password1');
    expect([weak.status, weak.body['error_type']]).toEqual([400, 'breached_password']);

    const done = await reset(links.resetToken);
    expect(done.status).toBe(200);
    const data = done.body['data'] as Record<string, unknown>;
    expect(data['user_id']).toBe(user_id);
    const user = data['user'] as { emails: { verified: boolean }[]; password: { requires_reset: boolean } };
    expect(user.emails[0]?.verified).toBe(true);
    expect(user.password.requires_reset).toBe(false);
    expect((data['session'] as { authentication_factors: unknown[] }).authentication_factors).toEqual([
      expect.objectContaining({ type: 'magic_link', delivery_method: 'email' }),
    ]);
    await kit.verifyJwt(String(data['session_jwt']));

    expect((await login(email, STRONG)).body['error_type']).toBe('unauthorized_credentials');
    expect((await login(email, NEWER)).status).toBe(200);
    const again = await reset(links.resetToken);
    expect([again.status, again.body['error_type']]).toEqual([401, 'unable_to_auth_magic_link']);
  });

  it("ends the user's other sessions; the reset's own session and other users' stay", async () => {
    const email = freshEmail();
    const before = String((await signUp(email))['session_token']);
    // Proved by its holder first, so the reset, not an owner's first proof, ends the session.
    await kit.signInByMagicLink(email, before);
    const bystander = String((await signUp(freshEmail()))['session_token']);
    await kit.ok('/passwords/email/reset/start', { email });
    const done = await reset(linksOf((await kit.latest(email)).text).resetToken);
    const after = String((done.body['data'] as Record<string, unknown>)['session_token']);
    const old = await kit.post('/sessions/authenticate', {}, before);
    expect([old.status, old.body['error_type']]).toEqual([404, 'session_not_found']);
    expect((await kit.backend({ session_token: before })).status).toBe(404);
    expect((await kit.post('/sessions/authenticate', {}, after)).status).toBe(200);
    expect((await kit.post('/sessions/authenticate', {}, bystander)).status).toBe(200);
  });
});

describe('password reset in a project that keeps sessions', SLOW, () => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit('pglite', {
      projects: [
        testProject({ redirect_urls: [REDIRECT, RESET_PAGE], end_sessions_on_password_reset: false }),
      ],
    });
  }, 60_000);
  afterAll(() => kit?.close());

  /** Signs up with a password, resets it by the emailed link; answers the sign-up's session token. */
  const signUpThenReset = async (email: string, proveFirst: boolean) => {
    const signedUp = await kit.ok('/passwords', { email, password: STRONG, session_duration_minutes: 30 });
    const token = String(signedUp['session_token']);
    if (proveFirst) await kit.signInByMagicLink(email, token);
    await kit.ok('/passwords/email/reset/start', { email });
    const { resetToken } = linksOf((await kit.latest(email)).text);
    await kit.ok('/passwords/email/reset', {
      token: resetToken,
      password: NEWER,
      session_duration_minutes: 30,
    });
    return token;
  };

  it('leaves the other sessions alive when end_sessions_on_password_reset is false', async () => {
    // Proved by its holder first: the first proof of an unowned account ends every session.
    const token = await signUpThenReset(freshEmail(), true);
    expect((await kit.post('/sessions/authenticate', {}, token)).status).toBe(200);
  });

  it("still ends a stranger's sessions when the reset is the address's first proof", async () => {
    const token = await signUpThenReset(freshEmail(), false);
    const old = await kit.post('/sessions/authenticate', {}, token);
    expect([old.status, old.body['error_type']]).toEqual([404, 'session_not_found']);
  });
});

describe('password reset rules', SLOW, () => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit('pglite', {
      projects: [testProject({ redirect_urls: [REDIRECT, RESET_PAGE] })],
    });
  }, 60_000);
  afterAll(() => kit?.close());
  afterEach(() => vi.useRealTimers());

  const signUp = (email: string) =>
    kit.ok('/passwords', { email, password: STRONG, session_duration_minutes: 30 });
  /** A password account whose holder proved its email: a later proof takes nothing from it. */
  const signUpProved = async (email: string) => {
    const signedUp = await signUp(email);
    await kit.signInByMagicLink(email, String(signedUp['session_token']));
    return signedUp;
  };
  const login = (email: string, password: string) =>
    kit.post('/passwords/authenticate', { email, password, session_duration_minutes: 30 });
  const reset = (token: string | undefined, password = NEWER) =>
    kit.post('/passwords/email/reset', { token, password, session_duration_minutes: 45 });

  it('signs in with the login link through /magic_links/authenticate', async () => {
    const email = freshEmail();
    const { user_id } = await signUpProved(email);
    await kit.ok('/passwords/email/reset/start', { email });
    const { loginToken } = linksOf((await kit.latest(email)).text);
    const data = await kit.ok('/magic_links/authenticate', {
      token: loginToken,
      session_duration_minutes: 30,
    });
    expect(data['user_id']).toBe(user_id);
    expect((await login(email, STRONG)).status).toBe(200);
  });

  it('signs in with the reset token through /magic_links/authenticate, once', async () => {
    const email = freshEmail();
    const { user_id } = await signUpProved(email);
    await kit.ok('/passwords/email/reset/start', { email });
    const { resetToken } = linksOf((await kit.latest(email)).text);
    const authenticate = () =>
      kit.post('/magic_links/authenticate', { token: resetToken, session_duration_minutes: 30 });
    const first = await authenticate();
    expect(first.status).toBe(200);
    const data = first.body['data'] as Record<string, unknown>;
    expect(data['user_id']).toBe(user_id);
    await kit.verifyJwt(String(data['session_jwt']));

    const again = await authenticate();
    expect([again.status, again.body['error_type']]).toEqual([401, 'unable_to_auth_magic_link']);
    const afterLogin = await reset(resetToken);
    expect([afterLogin.status, afterLogin.body['error_type']]).toEqual([401, 'unable_to_auth_magic_link']);
    expect((await login(email, STRONG)).status).toBe(200);
  });

  it('refuses a reset token at /magic_links/authenticate once it reset the password', async () => {
    const email = freshEmail();
    await signUp(email);
    await kit.ok('/passwords/email/reset/start', { email });
    const { resetToken } = linksOf((await kit.latest(email)).text);
    expect((await reset(resetToken)).status).toBe(200);
    const r = await kit.post('/magic_links/authenticate', {
      token: resetToken,
      session_duration_minutes: 30,
    });
    expect([r.status, r.body['error_type']]).toEqual([401, 'unable_to_auth_magic_link']);
  });

  it('binds a reset token used to log in to the PKCE challenge of the start call', async () => {
    const email = freshEmail();
    await signUp(email);
    const verifier = 'v'.repeat(50);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    await kit.ok('/passwords/email/reset/start', { email, code_challenge: challenge });
    const { resetToken } = linksOf((await kit.latest(email)).text);
    const post = (extra: object) =>
      kit.post('/magic_links/authenticate', { token: resetToken, session_duration_minutes: 30, ...extra });
    expect((await post({ code_verifier: 'w'.repeat(50) })).body['error_type']).toBe(
      'unable_to_auth_magic_link',
    );
    expect((await post({ code_verifier: verifier })).status).toBe(200);
  });

  it('lets a passwordless user set a first password and unlocks a locked one', async () => {
    const email = freshEmail();
    const { user_id } = await kit.signInByMagicLink(email);
    await kit.db.query('UPDATE users SET locked_until = $2, failed_attempts = 3 WHERE user_id = $1', [
      user_id,
      new Date(Date.now() + 3_600_000),
    ]);
    await kit.ok('/passwords/email/reset/start', { email, reset_password_redirect_url: REDIRECT });
    const { resetPage, resetToken } = linksOf((await kit.latest(email)).text);
    expect(resetPage).toBe(REDIRECT);
    expect((await reset(resetToken)).status).toBe(200);
    expect((await kit.ok('/users/search', { email }))['userType']).toBe('password');
    expect((await login(email, NEWER)).status).toBe(200);
  });

  it('refuses an expired reset token', async () => {
    const email = freshEmail();
    await signUp(email);
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    await kit.ok('/passwords/email/reset/start', { email, reset_password_expiration_minutes: 5 });
    const { resetToken } = linksOf((await kit.latest(email)).text);
    vi.setSystemTime(start + 5 * 60_000 + 1000);
    expect((await reset(resetToken)).body['error_type']).toBe('unable_to_auth_magic_link');
  });

  it('binds the reset to the PKCE challenge of the start call', async () => {
    const email = freshEmail();
    await kit.signInByMagicLink(email);
    const verifier = 'v'.repeat(50);
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    await kit.ok('/passwords/email/reset/start', { email, code_challenge: challenge });
    const { resetToken } = linksOf((await kit.latest(email)).text);
    const post = (extra: object) =>
      kit.post('/passwords/email/reset', { token: resetToken, password: NEWER, ...extra });
    expect((await post({})).body['error_type']).toBe('unable_to_auth_magic_link');
    expect((await post({ code_verifier: 'w'.repeat(50) })).body['error_type']).toBe(
      'unable_to_auth_magic_link',
    );
    expect((await post({ code_verifier: verifier })).status).toBe(200);
  });

  it('defaults the expiry to 30 minutes for both tokens', async () => {
    const email = freshEmail();
    const { user_id } = await kit.signInByMagicLink(email);
    await kit.ok('/passwords/email/reset/start', { email });
    const rows = await kit.db.query<{ kind: string; minutes: number }>(
      `SELECT kind, round(extract(epoch FROM expires_at - created_at) / 60)::int AS minutes
       FROM one_time_tokens WHERE user_id = $1 AND used_at IS NULL ORDER BY kind`,
      [user_id],
    );
    expect(rows).toEqual([
      { kind: 'magic_link', minutes: RESET_EXPIRATION_MINUTES.default },
      { kind: 'password_reset', minutes: RESET_EXPIRATION_MINUTES.default },
    ]);
  });

  it.each([
    ['/users/search', {}, 400, 'missing_field'],
    ['/users/search', { email: 'nope' }, 400, 'invalid_email'],
    ['/users/search', { email: 7 }, 400, 'invalid_field'],
    ['/passwords/strength_check', {}, 400, 'missing_field'],
    ['/passwords/strength_check', { password: ['x'] }, 400, 'invalid_field'],
    ['/passwords', { email: 'a@example.com' }, 400, 'missing_field'],
    ['/passwords', { email: 'nope', password: STRONG }, 400, 'invalid_email'],
    ['/passwords', { email: 'a@example.com', password: '' }, 400, 'invalid_field'],
    ['/passwords', { email: 'a@example.com', password: 'x'.repeat(300) }, 400, 'invalid_field'],
    [
      '/passwords',
      { email: 'a@example.com', password: STRONG, session_duration_minutes: 1 },
      400,
      'invalid_field',
    ],
    ['/passwords/authenticate', { email: 'a@example.com' }, 400, 'missing_field'],
    ['/passwords/authenticate', { email: 'a@b', password: 'x' }, 400, 'invalid_email'],
    ['/passwords/authenticate', 'null', 400, 'bad_request'],
    ['/passwords/authenticate', '{"email":', 400, 'invalid_json'],
    ['/passwords/email/reset/start', {}, 400, 'missing_field'],
    ['/passwords/email/reset/start', { email: 'nobody@example.com' }, 404, 'email_not_found'],
    [
      '/passwords/email/reset/start',
      { email: 'a@example.com', reset_password_expiration_minutes: 4 },
      400,
      'invalid_field',
    ],
    [
      '/passwords/email/reset/start',
      { email: 'a@example.com', reset_password_expiration_minutes: 10_081 },
      400,
      'invalid_field',
    ],
    [
      '/passwords/email/reset/start',
      { email: 'a@example.com', reset_password_redirect_url: 'https://evil.example/reset' },
      400,
      'redirect_url_not_found',
    ],
    [
      '/passwords/email/reset/start',
      { email: 'a@example.com', login_redirect_url: `${HOST}/elsewhere` },
      400,
      'redirect_url_not_found',
    ],
    [
      '/passwords/email/reset/start',
      { email: 'a@example.com', code_challenge: 'short' },
      400,
      'invalid_field',
    ],
    ['/passwords/email/reset', { password: NEWER }, 400, 'missing_field'],
    ['/passwords/email/reset', { token: 'nope', password: NEWER }, 401, 'unable_to_auth_magic_link'],
    ['/passwords/email/reset', { token: 'nope', password: 5 }, 400, 'invalid_field'],
  ])('%s %j → %i %s', async (path, body, status, error_type) => {
    const r = await kit.post(path, body);
    expect(r.status).toBe(status);
    expect(r.body).toMatchObject({
      error_type,
      status_code: status,
      error_url: expect.stringContaining(error_type),
    });
  });

  it('refuses a redirect URL off the list before looking the email up, and sends nothing', async () => {
    const email = freshEmail();
    await kit.signInByMagicLink(email);
    const before = (await kit.inbox(email)).length;
    const r = await kit.post('/passwords/email/reset/start', {
      email,
      reset_password_redirect_url: `${RESET_PAGE}/../other`,
    });
    expect(r.body['error_type']).toBe('redirect_url_not_found');
    expect((await kit.inbox(email)).length).toBe(before);
  });
});

describe('password reset without redirect URLs', () => {
  it(
    'answers redirect_url_not_found for reset/start, and still reset_password at login',
    { timeout: 60_000 },
    async () => {
      const kit = await openAuthKit('pglite', {
        projects: [testProject({ redirect_urls: [] })],
      });
      try {
        const email = freshEmail();
        const { user_id } = await kit.ok('/passwords', {
          email,
          password: STRONG,
          session_duration_minutes: 30,
        });
        const start = await kit.post('/passwords/email/reset/start', { email });
        expect([start.status, start.body['error_type']]).toEqual([400, 'redirect_url_not_found']);
        await kit.db.query('UPDATE users SET password_requires_reset = true WHERE user_id = $1', [user_id]);
        const r = await kit.post('/passwords/authenticate', { email, password: STRONG });
        expect(r.body['error_type']).toBe('reset_password');
        expect(kit.logger.errors.join('\n')).toContain('no redirect_urls');
      } finally {
        await kit.close();
      }
    },
  );
});
