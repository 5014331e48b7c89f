import { describe, expect, it } from 'vitest';
import { authKitFor, REDIRECT } from '../../test/authTestKit';
import { testConfig, testProject, TEST_TOKEN } from '../../test/testConfig';

type Json = Record<string, unknown>;

describe('backend OAuth authenticate', () => {
  const [, live] = testConfig().projects;
  if (!live) throw new Error('testConfig changed');
  const kit = authKitFor('pglite', {
    projects: [testProject({ oauth_providers: [{ type: 'google', dev_idp: true, one_tap: false }] }), live],
  });

  /** The visitor signs in at the dev identity provider; answers the token the landing URL carries. */
  async function landingToken(email: string): Promise<string> {
    const query = new URLSearchParams({ public_token: TEST_TOKEN, login_redirect_url: REDIRECT });
    const started = await kit.app.request(`/v1/public/oauth/google/start?${query.toString()}`);
    const authorize = new URL(started.headers.get('location') ?? '');
    const submitted = await kit.app.request(authorize.pathname + authorize.search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: authorize.searchParams.get('state') ?? '', email }).toString(),
    });
    const landing = new URL(submitted.headers.get('location') ?? '');
    expect(landing.searchParams.get('stytch_token_type')).toBe('oauth');
    return landing.searchParams.get('token') ?? '';
  }

  it("redeems the landing token on the server, answering the session as user_session and the provider's fields", async () => {
    const token = await landingToken(`oauth-backend-${Date.now()}@example.com`);
    const r = await kit.v1('POST', '/v1/oauth/authenticate', { token, session_duration_minutes: 60 });
    expect(r.status).toBe(200);
    const body = r.body as Json & {
      user_session: { authentication_factors: Json[] };
      user: { providers: Json[] };
    };
    expect(body).toMatchObject({
      status_code: 200,
      provider_type: 'google',
      provider_subject: expect.any(String),
      oauth_user_registration_id: body.user.providers[0]?.['oauth_user_registration_id'],
      provider_values: expect.objectContaining({ scopes: expect.any(Array) }),
    });
    expect(body.user_session.authentication_factors).toEqual([
      expect.objectContaining({ type: 'oauth', delivery_method: 'oauth_google' }),
    ]);
    await kit.verifyJwt(String(body['session_jwt']));

    const reused = await kit.v1('POST', '/v1/oauth/authenticate', { token });
    expect([reused.status, reused.body['error_type']]).toEqual([404, 'oauth_token_not_found']);
  });
});
