import { createHash, randomBytes } from 'node:crypto';
import { OAUTH_POPUP_MESSAGE, isOAuthPopupMessage, type OAuthPopupMessage } from '@latch/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_ORIGIN, HOST, testConfig, testProject, TEST_TOKEN } from '../../test/testConfig';
import { openAuthKit, REDIRECT } from '../../test/authTestKit';

const pkce = () => {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
};

const config = () => ({
  projects: [
    testProject({
      redirect_urls: [REDIRECT],
      oauth_providers: [
        { type: 'google' as const, dev_idp: true, one_tap: false },
        {
          type: 'github' as const,
          dev_idp: false,
          client_id: 'real-client',
          client_secret_env: 'LATCH_TEST_OAUTH_SECRET_NEVER_SET',
          one_tap: false,
        },
      ],
    }),
    ...testConfig().projects.slice(1),
  ],
});

/** The message the result page posts, and to which origin, read from the page as the browser would. */
async function resultOf(response: Response): Promise<{ message: OAuthPopupMessage; target: string }> {
  const html = await response.text();
  const json = /<script type="application\/json" id="latch-result">([^<]*)<\/script>/.exec(html)?.[1];
  const data = JSON.parse(json ?? 'null') as { message: unknown; target: string };
  if (!isOAuthPopupMessage(data.message)) throw new Error(`not a popup result: ${json}`);
  return { message: data.message, target: data.target };
}

describe('OAuth in popup mode (dev identity provider)', () => {
  let kit: Awaited<ReturnType<typeof openAuthKit>>;
  beforeAll(async () => {
    kit = await openAuthKit('pglite', config());
  });
  afterAll(() => kit.close());

  const start = (query: Record<string, string>, provider = 'google') =>
    kit.app.request(
      `/v1/public/oauth/${provider}/start?${new URLSearchParams({
        public_token: TEST_TOKEN,
        login_redirect_url: REDIRECT,
        ...query,
      }).toString()}`,
    );

  async function signIn(email: string, challenge: string) {
    const started = await start({ mode: 'popup', code_challenge: challenge });
    expect(started.status).toBe(302);
    const authorize = new URL(started.headers.get('location') ?? '');
    return kit.app.request(authorize.pathname + authorize.search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state: authorize.searchParams.get('state') ?? '', email }).toString(),
    });
  }

  it('ends on a result page that posts the token to the auth origin only, bound to the challenge', async () => {
    const { verifier, challenge } = pkce();
    const page = await signIn('popup@example.com', challenge);
    expect(page.status).toBe(200);
    expect(page.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'nonce-[\w-]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    const { message, target } = await resultOf(page);
    expect(target).toBe(AUTH_ORIGIN);
    expect(message).toMatchObject({ type: OAUTH_POPUP_MESSAGE, code_challenge: challenge });
    const token = 'token' in message ? message.token : '';

    // Without the attempt's verifier the token is refused (and not burnt); with it, a session.
    const stolen = await kit.post('/oauth/authenticate', {
      token,
      code_verifier: pkce().verifier,
      session_duration_minutes: 30,
    });
    expect(stolen.body).toMatchObject({ error_type: 'oauth_token_not_found' });
    const data = await kit.ok('/oauth/authenticate', {
      token,
      code_verifier: verifier,
      session_duration_minutes: 30,
    });
    expect(data['provider_type']).toBe('google');
    // Replayed: used once.
    const replay = await kit.post('/oauth/authenticate', {
      token,
      code_verifier: verifier,
      session_duration_minutes: 30,
    });
    expect(replay.status).toBe(404);
  });

  it('refuses popup mode without a code challenge, and an unknown mode', async () => {
    const missing = await start({ mode: 'popup' });
    expect(missing.status).toBe(302);
    expect(new URL(missing.headers.get('location') ?? '').searchParams.get('error')).toBe('missing_field');
    const odd = await start({ mode: 'tab', code_challenge: pkce().challenge });
    expect(new URL(odd.headers.get('location') ?? '').searchParams.get('error')).toBe('invalid_field');
  });

  it('hands a failed start to the frame through the result page', async () => {
    const { challenge } = pkce();
    // The secret's environment variable is never set: the start fails before the visitor leaves.
    const page = await start({ mode: 'popup', code_challenge: challenge }, 'github');
    expect(page.status).toBe(200);
    const { message } = await resultOf(page);
    expect(message).toMatchObject({ code_challenge: challenge, error_type: 'oauth_config_not_found' });
    expect('token' in message).toBe(false);
  });

  it('keeps the redirect flow when no mode is given', async () => {
    const started = await start({ code_challenge: pkce().challenge });
    const authorize = new URL(started.headers.get('location') ?? '');
    const landed = await kit.app.request(authorize.pathname + authorize.search, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        state: authorize.searchParams.get('state') ?? '',
        email: 'redirect@example.com',
      }).toString(),
    });
    expect(landed.status).toBe(302);
    expect(landed.headers.get('location')).toMatch(new RegExp(`^${HOST}/authenticate\\?token=`));
  });
});
