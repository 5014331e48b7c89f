import { createHash, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { authKitFor, REDIRECT } from '../../test/authTestKit';

type Json = Record<string, unknown>;
let n = 0;
const freshEmail = (what: string) => `${what}${++n}-${Date.now()}@example.com`;

describe('backend magic links', () => {
  const kit = authKitFor('pglite');

  const ok = (path: string, body: unknown): Promise<Json> => kit.v1Ok(path, body);
  const tokenFor = async (email: string) => String((await kit.latest(email)).metadata.token);

  it('login_or_create answers who it went to; the token signs in once, with a session when asked', async () => {
    const email = freshEmail('ml');
    const sent = await ok('/v1/magic_links/email/login_or_create', { email, login_magic_link_url: REDIRECT });
    expect(sent).toMatchObject({ user_created: true, user_id: expect.stringMatching(/^user-test-/) });
    const link = new URL(String((await kit.latest(email)).metadata.url));
    // A new user gets the signup URL, the project's first redirect URL by default.
    expect(link.origin + link.pathname).toBe(REDIRECT);
    const token = link.searchParams.get('token');

    const done = await ok('/v1/magic_links/authenticate', { token, session_duration_minutes: 60 });
    expect(done).toMatchObject({
      user_id: sent['user_id'],
      method_id: sent['email_id'],
      reset_sessions: false,
    });
    await kit.verifyJwt(String(done['session_jwt']));
    const again = await kit.v1('POST', '/v1/magic_links/authenticate', { token });
    expect([again.status, again.body['error_type']]).toEqual([401, 'unable_to_auth_magic_link']);

    const known = await ok('/v1/magic_links/email/login_or_create', { email });
    expect([known['user_created'], known['user_id']]).toEqual([false, sent['user_id']]);
  });

  it('send reaches known users only; a pending user created by login_or_create is activated by the link', async () => {
    const unknown = await kit.v1('POST', '/v1/magic_links/email/send', { email: freshEmail('nobody') });
    expect([unknown.status, unknown.body['error_type']]).toEqual([404, 'email_not_found']);

    const email = freshEmail('pending');
    const sent = await ok('/v1/magic_links/email/login_or_create', { email, create_user_as_pending: true });
    const user = (await kit.v1('GET', `/v1/users/${String(sent['user_id'])}`)).body;
    expect(user['status']).toBe('pending');
    await ok('/v1/magic_links/email/send', { email });
    const done = await ok('/v1/magic_links/authenticate', { token: await tokenFor(email) });
    expect((done['user'] as { status: string }).status).toBe('active');
    expect(done['session']).toBeNull();
  });

  it('holds a link sent with a PKCE challenge to its verifier', async () => {
    const email = freshEmail('pkce');
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    await ok('/v1/magic_links/email/login_or_create', { email, code_challenge: challenge });
    const token = await tokenFor(email);
    const without = await kit.v1('POST', '/v1/magic_links/authenticate', { token });
    expect(without.body['error_type']).toBe('unable_to_auth_magic_link');
    expect(
      (await ok('/v1/magic_links/authenticate', { token, code_verifier: verifier }))['user_id'],
    ).toBeTruthy();
  });

  it('refuses unlisted redirect URLs before creating anyone, and bad bodies', async () => {
    const email = freshEmail('redirect');
    const r = await kit.v1('POST', '/v1/magic_links/email/login_or_create', {
      email,
      login_magic_link_url: 'https://evil.example/callback',
    });
    expect([r.status, r.body['error_type']]).toEqual([400, 'redirect_url_not_found']);
    const search = await ok('/v1/users/search', {
      query: { operator: 'AND', operands: [{ filter_name: 'email_address', filter_value: [email] }] },
    });
    expect(search['results']).toEqual([]);
    expect(await kit.inbox(email)).toEqual([]);
    for (const [body, type] of [
      [{}, 'missing_field'],
      [{ token: '' }, 'invalid_field'],
      [{ token: 'x', session_duration_minutes: 'long' }, 'invalid_field'],
    ] as const) {
      const bad = await kit.v1('POST', '/v1/magic_links/authenticate', body);
      expect([bad.status, bad.body['error_type']], JSON.stringify(body)).toEqual([400, type]);
    }
  });
});
