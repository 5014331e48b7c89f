import { randomBytes, scryptSync } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { hashPassword, scryptParams } from '.';
import { formatScryptHash } from './scryptFormat';
import { PASSWORD_LOCK_MINUTES, PASSWORD_MAX_FAILED_ATTEMPTS } from './passwordLock';
import { testProject } from '../../test/testConfig';
import { openAuthKit, type AuthKit } from '../../test/authTestKit';

const STRONG = 'plum-Vortex-9-quietly-Anchor';
let n = 0;
const freshEmail = () => `pw${++n}-${Date.now()}@example.com`;
type Factor = { type: string; delivery_method: string };
const factorsOf = (data: Record<string, unknown>) =>
  (data['session'] as { authentication_factors: Factor[] }).authentication_factors;

/** Hashes cost ~100 ms each and a fresh database makes its signing key: generous on a busy machine. */
const SLOW = { timeout: 30_000 };

describe('password sign-up and log-in', SLOW, () => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit('pglite');
  }, 60_000);
  afterAll(() => kit?.close());
  afterEach(() => vi.useRealTimers());

  const create = (email: string, password = STRONG) =>
    kit.post('/passwords', { email, password, session_duration_minutes: 60 });
  const login = (email: string, password: string) =>
    kit.post('/passwords/authenticate', { email, password, session_duration_minutes: 60 });
  const search = async (email: string) => (await kit.ok('/users/search', { email }))['userType'];

  it('tells new, password and passwordless users apart', async () => {
    const email = freshEmail();
    expect(await search(email)).toBe('new');
    expect((await create(email)).status).toBe(200);
    expect(await search(email.toUpperCase())).toBe('password');
    const magic = freshEmail();
    await kit.signInByMagicLink(magic);
    expect(await search(magic)).toBe('passwordless');
  });

  it('creates a user with a password and a session whose JWT verifies', async () => {
    const email = freshEmail();
    const r = await create(email);
    expect(r.status).toBe(200);
    const data = r.body['data'] as Record<string, unknown>;
    const user = data['user'] as { emails: { email_id: string; verified: boolean }[]; password: unknown };
    expect(data['email_id']).toBe(user.emails[0]?.email_id);
    expect(user.emails[0]?.verified).toBe(false);
    expect(user.password).toEqual({
      password_id: expect.stringMatching(/^password-test-/),
      requires_reset: false,
    });
    expect(factorsOf(data)).toEqual([
      { type: 'password', delivery_method: 'knowledge', last_authenticated_at: expect.any(String) },
    ]);
    expect((await kit.verifyJwt(String(data['session_jwt']))).sub).toBe(data['user_id']);
    const [row] = await kit.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE user_id = $1',
      [data['user_id']],
    );
    expect(row?.password_hash).toMatch(/^scrypt\$/);
    expect(row?.password_hash).not.toContain(STRONG);

    const again = await create(email);
    expect([again.status, again.body['error_type']]).toEqual([400, 'duplicate_email']);
  });

  it('refuses weak and breached passwords on create, and creates nobody', async () => {
    const email = freshEmail();
    const weak = await create(email, 'qwertyuiop1');
    expect([weak.status, weak.body['error_type']]).toEqual([400, 'breached_password']);
    const short = await create(email, 'zq8!');
    expect([short.status, short.body['error_type']]).toEqual([400, 'weak_password']);
    expect(await search(email)).toBe('new');
  });

  it('asks a passwordless user to prove the address by a reset email instead of setting a password', async () => {
    const email = freshEmail();
    await kit.signInByMagicLink(email);
    const r = await create(email);
    expect([r.status, r.body['error_type']]).toEqual([400, 'reset_password']);
    expect((await kit.latest(email)).text).toContain('stytch_token_type=reset_password');
    expect(await search(email)).toBe('passwordless');
  });

  it('logs in with the right password only', async () => {
    const email = freshEmail();
    const { user_id } = await kit.ok('/passwords', { email, password: STRONG, session_duration_minutes: 30 });
    const wrong = await login(email, `${STRONG}x`);
    expect([wrong.status, wrong.body['error_type']]).toEqual([401, 'unauthorized_credentials']);
    const right = await login(` ${email.toUpperCase()}`, STRONG);
    expect(right.status).toBe(200);
    const data = right.body['data'] as Record<string, unknown>;
    expect(data['user_id']).toBe(user_id);
    expect(factorsOf(data).map((f) => f.type)).toEqual(['password']);
  });

  it('answers email_not_found and no_user_password', async () => {
    const unknown = await login(freshEmail(), STRONG);
    expect([unknown.status, unknown.body['error_type']]).toEqual([404, 'email_not_found']);
    const email = freshEmail();
    await kit.signInByMagicLink(email);
    const none = await login(email, STRONG);
    expect([none.status, none.body['error_type']]).toEqual([404, 'no_user_password']);
  });

  it(`locks after ${PASSWORD_MAX_FAILED_ATTEMPTS} wrong passwords for ${PASSWORD_LOCK_MINUTES} minutes, even the right one`, async () => {
    const email = freshEmail();
    await kit.ok('/passwords', { email, password: STRONG, session_duration_minutes: 30 });
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now();
    for (let i = 1; i < PASSWORD_MAX_FAILED_ATTEMPTS; i++)
      expect((await login(email, `wrong-${i}`)).body['error_type']).toBe('unauthorized_credentials');
    const last = await login(email, 'wrong-last');
    expect([last.status, last.body['error_type']]).toEqual([429, 'user_lock_limit_reached']);
    // Retry-After is the time the lock still holds.
    expect(last.headers.get('Retry-After')).toBe(String(PASSWORD_LOCK_MINUTES * 60));
    vi.setSystemTime(start + 10 * 60_000);
    const locked = await login(email, STRONG);
    expect([locked.status, locked.body['error_type']]).toEqual([429, 'user_lock_limit_reached']);
    expect(locked.headers.get('Retry-After')).toBe(String((PASSWORD_LOCK_MINUTES - 10) * 60));
    vi.setSystemTime(start + PASSWORD_LOCK_MINUTES * 60_000 - 1000);
    expect((await login(email, STRONG)).headers.get('Retry-After')).toBe('1');
    vi.setSystemTime(start + PASSWORD_LOCK_MINUTES * 60_000 + 1000);
    expect((await login(email, STRONG)).status).toBe(200);
  });

  it('counts parallel guesses before hashing, so a burst cannot outrun the limit', async () => {
    const email = freshEmail();
    await kit.ok('/passwords', { email, password: STRONG, session_duration_minutes: 30 });
    const burst = PASSWORD_MAX_FAILED_ATTEMPTS + 5;
    const results = await Promise.all(Array.from({ length: burst }, (_, i) => login(email, `guess-${i}`)));
    const types = results.map((r) => r.body['error_type']);
    expect(types.filter((t) => t === 'unauthorized_credentials')).toHaveLength(
      PASSWORD_MAX_FAILED_ATTEMPTS - 1,
    );
    expect(types.filter((t) => t === 'user_lock_limit_reached')).toHaveLength(
      burst - PASSWORD_MAX_FAILED_ATTEMPTS + 1,
    );
    expect((await login(email, STRONG)).body['error_type']).toBe('user_lock_limit_reached');
  });

  it('forgets failures after a success', async () => {
    const email = freshEmail();
    const { user_id } = await kit.ok('/passwords', { email, password: STRONG, session_duration_minutes: 30 });
    await login(email, 'wrong');
    await login(email, 'wrong');
    expect((await login(email, STRONG)).status).toBe(200);
    const [row] = await kit.db.query<{ failed_attempts: number }>(
      'SELECT failed_attempts FROM users WHERE user_id = $1',
      [user_id],
    );
    expect(row?.failed_attempts).toBe(0);
  });

  it('answers reset_password for a right but breached password, and emails a reset link', async () => {
    const email = freshEmail();
    const { user_id } = await kit.ok('/passwords', { email, password: STRONG, session_duration_minutes: 30 });
    await kit.db.query('UPDATE users SET password_hash = $2 WHERE user_id = $1', [
      user_id,
      await hashPassword('password123'),
    ]);
    const r = await login(email, 'password123');
    expect([r.status, r.body['error_type']]).toEqual([400, 'reset_password']);
    const message = await kit.latest(email);
    expect(message.subject).toContain('Reset');
    expect(message.text).toContain('stytch_token_type=reset_password');
  });

  it('answers reset_password when a reset is required', async () => {
    const email = freshEmail();
    const { user_id } = await kit.ok('/passwords', { email, password: STRONG, session_duration_minutes: 30 });
    await kit.db.query('UPDATE users SET password_requires_reset = true WHERE user_id = $1', [user_id]);
    expect((await login(email, STRONG)).body['error_type']).toBe('reset_password');
    expect((await kit.inbox(email)).length).toBe(1);
  });

  it("absorbs the widget's reset/start right after a server-started reset email, then sends on resend", async () => {
    const email = freshEmail();
    const { user_id } = await kit.ok('/passwords', { email, password: STRONG, session_duration_minutes: 30 });
    await kit.db.query('UPDATE users SET password_requires_reset = true WHERE user_id = $1', [user_id]);
    expect((await login(email, STRONG)).body['error_type']).toBe('reset_password');
    await kit.ok('/passwords/email/reset/start', { email });
    expect((await kit.inbox(email)).length).toBe(1);
    await kit.ok('/passwords/email/reset/start', { email });
    expect((await kit.inbox(email)).length).toBe(2);
  });

  it('stores a fresh hash after a login with a hash weaker than today', async () => {
    const email = freshEmail();
    const { user_id } = await kit.ok('/passwords', { email, password: STRONG, session_duration_minutes: 30 });
    const salt = randomBytes(16);
    const old = formatScryptHash({
      N: 1024,
      r: 8,
      p: 1,
      salt,
      hash: scryptSync(STRONG, salt, 32, { N: 1024 }),
    });
    await kit.db.query('UPDATE users SET password_hash = $2 WHERE user_id = $1', [user_id, old]);
    expect((await login(email, STRONG)).status).toBe(200);
    const [row] = await kit.db.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE user_id = $1',
      [user_id],
    );
    expect(row?.password_hash).toMatch(new RegExp(`^scrypt\\$${scryptParams().N}\\$8\\$1\\$`));
    expect((await login(email, STRONG)).status).toBe(200);
  });

  it('checks strength with the zxcvbn policy and the email as a hint', async () => {
    const weak = await kit.ok('/passwords/strength_check', { password: 'password' });
    expect(weak).toMatchObject({ valid_password: false, breached_password: true, strength_policy: 'zxcvbn' });
    const strong = await kit.ok('/passwords/strength_check', { password: STRONG, email: 'a@example.com' });
    expect(strong).toMatchObject({
      valid_password: true,
      breached_password: false,
      strength_policy: 'zxcvbn',
    });
    expect(strong['score']).toBeGreaterThanOrEqual(3);
  });
});

describe('password strength under a LUDS project', SLOW, () => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit('pglite', {
      projects: [
        testProject({ password_policy: { type: 'luds', luds_complexity: 3, luds_minimum_count: 10 } }),
      ],
    });
  }, 60_000);
  afterAll(() => kit?.close());

  it('reports the missing LUDS requirements and gates create with them', async () => {
    const weak = await kit.ok('/passwords/strength_check', { password: 'abcdef' });
    expect(weak).toMatchObject({
      valid_password: false,
      strength_policy: 'luds',
      feedback: { luds_requirements: { has_lower_case: true, missing_complexity: 2, missing_characters: 4 } },
    });
    const good = await kit.ok('/passwords/strength_check', { password: 'Zebrafish42' });
    expect(good).toMatchObject({ valid_password: true, strength_policy: 'luds' });
    const refused = await kit.post('/passwords', { email: 'luds@example.com', password: 'abcdef' });
    expect([refused.status, refused.body['error_type']]).toEqual([400, 'weak_password']);
    expect(String(refused.body['error_message'])).toContain('at least 10 characters');
    expect(
      (await kit.post('/passwords', { email: 'luds@example.com', password: 'Zebrafish42' })).status,
    ).toBe(200);
  });
});
