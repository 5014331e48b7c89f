import { describe, expect, it } from 'vitest';
import { authKitFor } from '../../test/authTestKit';

type Json = Record<string, unknown>;
type Session = { session_id: string };
let n = 0;
const freshEmail = (what: string) => `${what}${++n}-${Date.now()}@example.com`;
const FIRST = 'correct-Horse-battery-7';
const SECOND = 'another-Quiet-river-8';

describe('backend passwords', () => {
  const kit = authKitFor('pglite');

  const ok = (path: string, body: unknown): Promise<Json> => kit.v1Ok(path, body);
  const live = async (sessionToken: unknown) =>
    (await kit.backend({ session_token: sessionToken })).status === 200;
  /** A password user signed up by the widget, and a second session from a backend log-in. */
  const passwordUser = async (email: string) => {
    const widget = await kit.ok('/passwords', { email, password: FIRST, session_duration_minutes: 60 });
    const backend = await ok('/v1/passwords/authenticate', {
      email,
      password: FIRST,
      session_duration_minutes: 60,
    });
    return { widget, backend };
  };

  it('logs in: a session with a duration, none without; wrong and unknown refused', async () => {
    const email = freshEmail('pw');
    const { widget, backend } = await passwordUser(email);
    expect(backend['user_id']).toBe(widget['user_id']);
    expect((backend['session'] as { authentication_factors: Json[] }).authentication_factors).toEqual([
      expect.objectContaining({ type: 'password', delivery_method: 'knowledge' }),
    ]);
    const bare = await ok('/v1/passwords/authenticate', { email, password: FIRST });
    expect([bare['session'], bare['session_token']]).toEqual([null, '']);
    for (const [body, status, type] of [
      [{ email, password: 'wrong-Wrong-wrong-1' }, 401, 'unauthorized_credentials'],
      [{ email: freshEmail('none'), password: FIRST }, 404, 'email_not_found'],
      [{ email, password: '' }, 400, 'invalid_field'],
      [{ email }, 400, 'missing_field'],
    ] as const) {
      const r = await kit.v1('POST', '/v1/passwords/authenticate', body);
      expect([r.status, r.body['error_type']], JSON.stringify(body)).toEqual([status, type]);
    }
  });

  it('session_custom_claims at a sign-in: a new session gets them, a named one merges them', async () => {
    const email = freshEmail('claims');
    await passwordUser(email);
    const first = await ok('/v1/passwords/authenticate', {
      email,
      password: FIRST,
      session_duration_minutes: 60,
      session_custom_claims: { tenant: 'acme', plan: { tier: 'pro' } },
    });
    const named = await ok('/v1/passwords/authenticate', {
      email,
      password: FIRST,
      session_token: first['session_token'],
      session_custom_claims: { plan: { seats: 3 } },
    });
    expect((named['session'] as Session).session_id).toBe((first['session'] as Session).session_id);
    const claims = { tenant: 'acme', plan: { tier: 'pro', seats: 3 } };
    expect((named['session'] as { custom_claims: unknown }).custom_claims).toEqual(claims);
    expect(await kit.verifyJwt(String(named['session_jwt']))).toMatchObject(claims);
  });

  it('checks strength with the project policy', async () => {
    const weak = await ok('/v1/passwords/strength_check', { password: 'password' });
    expect(weak).toMatchObject({ valid_password: false, breached_password: true });
    const strong = await ok('/v1/passwords/strength_check', { password: FIRST, email: 'x@example.com' });
    expect(strong['valid_password']).toBe(true);
  });

  it('existing_password/reset: the old password proves it; other sessions end, the named one stays', async () => {
    const email = freshEmail('existing');
    const { widget, backend } = await passwordUser(email);
    const weak = await kit.v1('POST', '/v1/passwords/existing_password/reset', {
      email,
      existing_password: FIRST,
      new_password: 'password',
    });
    expect([weak.status, weak.body['error_type']]).toEqual([400, 'breached_password']);
    const wrong = await kit.v1('POST', '/v1/passwords/existing_password/reset', {
      email,
      existing_password: 'wrong-Wrong-wrong-1',
      new_password: SECOND,
    });
    expect([wrong.status, wrong.body['error_type']]).toEqual([401, 'unauthorized_credentials']);
    // Neither attempt changed anything.
    expect(await live(widget['session_token'])).toBe(true);

    const reset = await ok('/v1/passwords/existing_password/reset', {
      email,
      existing_password: FIRST,
      new_password: SECOND,
      session_token: backend['session_token'],
    });
    expect((reset['session'] as Session).session_id).toBe((backend['session'] as Session).session_id);
    expect([await live(widget['session_token']), await live(backend['session_token'])]).toEqual([
      false,
      true,
    ]);
    const old = await kit.v1('POST', '/v1/passwords/authenticate', { email, password: FIRST });
    expect(old.body['error_type']).toBe('unauthorized_credentials');
    expect((await ok('/v1/passwords/authenticate', { email, password: SECOND }))['user_id']).toBe(
      widget['user_id'],
    );
  });

  it('session/reset: a live session (by token or JWT) proves it and survives the change', async () => {
    const email = freshEmail('session');
    const { widget, backend } = await passwordUser(email);
    const byJwt = await ok('/v1/passwords/session/reset', {
      password: SECOND,
      session_jwt: backend['session_jwt'],
      session_duration_minutes: 120,
    });
    expect((byJwt['session'] as Session).session_id).toBe((backend['session'] as Session).session_id);
    expect(byJwt['session_token']).toBe('');
    expect([await live(widget['session_token']), await live(backend['session_token'])]).toEqual([
      false,
      true,
    ]);
    expect((await ok('/v1/passwords/authenticate', { email, password: SECOND }))['user_id']).toBe(
      widget['user_id'],
    );

    const none = await kit.v1('POST', '/v1/passwords/session/reset', { password: SECOND });
    expect([none.status, none.body['error_type']]).toEqual([400, 'missing_field']);
    const dead = await kit.v1('POST', '/v1/passwords/session/reset', {
      password: SECOND,
      session_token: widget['session_token'],
    });
    expect([dead.status, dead.body['error_type']]).toEqual([404, 'session_not_found']);
    const forged = await kit.v1('POST', '/v1/passwords/session/reset', {
      password: SECOND,
      session_jwt: 'a.b.c',
    });
    expect([forged.status, forged.body['error_type']]).toEqual([401, 'invalid_session_token']);
  });

  it('POST /v1/passwords creates the user with its profile; an email with a password is refused', async () => {
    const email = freshEmail('create');
    const created = await ok('/v1/passwords', {
      email,
      password: FIRST,
      name: { first_name: 'Grace' },
      untrusted_metadata: { theme: 'dark' },
      session_duration_minutes: 60,
    });
    expect(created).toMatchObject({
      email_id: expect.stringMatching(/^email-test-/),
      user: { name: { first_name: 'Grace' }, untrusted_metadata: { theme: 'dark' }, emails: [{ email }] },
      session: { authentication_factors: [expect.objectContaining({ type: 'password' })] },
    });
    expect(await live(created['session_token'])).toBe(true);
    const bare = await ok('/v1/passwords', { email: freshEmail('bare'), password: FIRST });
    expect([bare['session'], bare['session_token']]).toEqual([null, '']);
    for (const [body, type] of [
      [{ email, password: SECOND }, 'duplicate_email'],
      [{ email: freshEmail('weak'), password: 'password' }, 'breached_password'],
    ] as const) {
      const r = await kit.v1('POST', '/v1/passwords', body);
      expect([r.status, r.body['error_type']], JSON.stringify(body)).toEqual([400, type]);
    }
  });

  it('reset by email from the backend: start emails the link, reset sets the password and signs in', async () => {
    const email = freshEmail('reset');
    const { widget } = await passwordUser(email);
    expect(await ok('/v1/passwords/email/reset/start', { email })).toMatchObject({ status_code: 200 });
    const { metadata } = await kit.latest(email);
    const reset = await ok('/v1/passwords/email/reset', {
      token: metadata.token,
      password: SECOND,
      session_duration_minutes: 60,
    });
    expect(reset).toMatchObject({
      user_id: widget['user_id'],
      session: { authentication_factors: [expect.objectContaining({ type: 'magic_link' })] },
    });
    expect(await live(widget['session_token'])).toBe(false);
    await ok('/v1/passwords/authenticate', { email, password: SECOND });
    const again = await kit.v1('POST', '/v1/passwords/email/reset', {
      token: metadata.token,
      password: FIRST,
    });
    expect([again.status, again.body['error_type']]).toEqual([401, 'unable_to_auth_magic_link']);
    const unknown = await kit.v1('POST', '/v1/passwords/email/reset/start', { email: freshEmail('nobody') });
    expect([unknown.status, unknown.body['error_type']]).toEqual([404, 'email_not_found']);
  });

  it('DELETE /v1/users/passwords/{password_id} removes the password: it no longer signs in', async () => {
    const email = freshEmail('delete');
    const { widget } = await passwordUser(email);
    const passwordId = ((widget['user'] as Json)['password'] as Json)['password_id'] as string;
    const deleted = await kit.v1('DELETE', `/v1/users/passwords/${passwordId}`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toMatchObject({ user_id: widget['user_id'], user: { password: null } });
    const login = await kit.v1('POST', '/v1/passwords/authenticate', { email, password: FIRST });
    expect([login.status, login.body['error_type']]).toEqual([404, 'no_user_password']);
    const gone = await kit.v1('DELETE', `/v1/users/passwords/${passwordId}`);
    expect([gone.status, gone.body['error_type']]).toEqual([404, 'password_not_found']);
  });
});
