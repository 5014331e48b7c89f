import { exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuthKit, REDIRECT, type AuthKit } from '../../test/authTestKit';
import { startGithubStandIn, type GithubStandIn } from '../../test/standIns/githubStandIn';
import { startOidcStandIn, type OidcStandIn } from '../../test/standIns/oidcStandIn';
import { visitStandIn, type CallbackRequest } from '../../test/standIns/standInBrowser';
import { AUTH_ORIGIN, HOST, testProject, TEST_TOKEN } from '../../test/testConfig';
import type { OAuthProviderConfig } from '../config/configSchema';

/**
 * Sign-in at real protocol servers on 127.0.0.1 (the project's `endpoints` point at them):
 * panva's oidc-provider for OpenID Connect (Google: ID token; Apple: form_post and a JWT client
 * secret) and a GitHub-shaped OAuth 2 server with a user API. Nothing in the code under test knows.
 */
const SIGNUP = `${HOST}/welcome`;
const ENV = {
  google: 'LATCH_TEST_OAUTH_GOOGLE_SECRET',
  github: 'LATCH_TEST_OAUTH_GITHUB_SECRET',
  apple: 'LATCH_TEST_OAUTH_APPLE_KEY',
  unset: 'LATCH_TEST_OAUTH_NEVER_SET',
};
const callbackUri = (type: string) => `${AUTH_ORIGIN}/v1/public/oauth/${type}/callback`;

let oidc: OidcStandIn;
let github: GithubStandIn;
let kit: AuthKit;

beforeAll(async () => {
  const apple = await generateKeyPair('ES256', { extractable: true });
  process.env[ENV.google] = 'google-secret-value';
  process.env[ENV.github] = 'github-secret-value';
  // As an operator would paste it: one line with literal \n.
  process.env[ENV.apple] = (await exportPKCS8(apple.privateKey)).replace(/\n/g, '\\n');
  oidc = await startOidcStandIn([
    {
      client_id: 'google-client',
      client_secret: 'google-secret-value',
      redirect_uris: [callbackUri('google')],
    },
    {
      client_id: 'com.example.apple',
      client_secret: 'static-secret-behind-the-jwt-check',
      redirect_uris: [callbackUri('apple')],
      appleKey: {
        teamId: 'TEAM123456',
        keyId: 'KEY1234567',
        publicKeyPem: await exportSPKI(apple.publicKey),
      },
    },
  ]);
  github = await startGithubStandIn({
    client_id: 'github-client',
    client_secret: 'github-secret-value',
    redirect_uri: callbackUri('github'),
  });
  const providers: OAuthProviderConfig[] = [
    {
      type: 'google',
      dev_idp: false,
      one_tap: false,
      client_id: 'google-client',
      client_secret_env: ENV.google,
      endpoints: { issuer: oidc.issuer },
    },
    {
      type: 'github',
      dev_idp: false,
      one_tap: false,
      client_id: 'github-client',
      client_secret_env: ENV.github,
      endpoints: github.endpoints,
    },
    {
      type: 'apple',
      dev_idp: false,
      one_tap: false,
      client_id: 'com.example.apple',
      team_id: 'TEAM123456',
      key_id: 'KEY1234567',
      private_key_env: ENV.apple,
      endpoints: { issuer: oidc.issuer },
    },
    {
      type: 'microsoft',
      dev_idp: false,
      one_tap: false,
      client_id: 'ms-client',
      client_secret_env: ENV.unset,
    },
    {
      type: 'gitlab',
      dev_idp: false,
      one_tap: false,
      client_id: 'gl',
      client_secret_env: ENV.github,
      endpoints: { issuer: 'http://127.0.0.1:9/' },
    },
  ];
  kit = await openAuthKit('pglite', {
    projects: [testProject({ redirect_urls: [REDIRECT, SIGNUP], oauth_providers: providers })],
  });
}, 60_000);

afterAll(async () => {
  await kit.close();
  await oidc.close();
  await github.close();
});

const start = (type: string, query: Record<string, string> = {}) =>
  kit.app.request(
    `/v1/public/oauth/${type}/start?${new URLSearchParams({
      public_token: TEST_TOKEN,
      login_redirect_url: REDIRECT,
      signup_redirect_url: SIGNUP,
      ...query,
    }).toString()}`,
  );

const location = (r: Response) => new URL(r.headers.get('location') ?? 'about:blank');

/** The callback request, made to the provider under test as the visitor's browser would. */
const deliver = (request: CallbackRequest) => {
  const url = new URL(request.url);
  return kit.app.request(url.pathname + url.search, {
    method: request.method,
    ...(request.body === undefined
      ? {}
      : { body: request.body, headers: { 'Content-Type': 'application/x-www-form-urlencoded' } }),
  });
};

async function signIn(type: string, login: string, options: { decline?: boolean } = {}) {
  const started = await start(type);
  expect(started.status).toBe(302);
  const callback = await visitStandIn(location(started).href, {
    login,
    callbackOrigin: AUTH_ORIGIN,
    ...options,
  });
  // Apple posts the name once, beside the code, as a `user` form field (its own page does; the
  // stand-in's form_post page has no such field, so the visitor's form gets it here).
  const withAppleUser =
    type === 'apple' && callback.body !== undefined
      ? {
          ...callback,
          body: `${callback.body}&${new URLSearchParams({ user: JSON.stringify({ name: { firstName: 'Ada', lastName: 'Lovelace' } }) }).toString()}`,
        }
      : callback;
  const landed = await deliver(withAppleUser);
  expect(landed.status).toBe(302);
  return { landing: location(landed), callback };
}

async function redeem(landing: URL) {
  expect(landing.searchParams.get('stytch_token_type')).toBe('oauth');
  return kit.ok('/oauth/authenticate', {
    token: landing.searchParams.get('token'),
    session_duration_minutes: 30,
  });
}

type UserJson = {
  user_id: string;
  name: { first_name: string; last_name: string };
  emails: { email: string; verified: boolean }[];
  providers: { provider_type: string; provider_subject: string; profile_picture_url: string }[];
};

const FAMILIES = [
  { type: 'google', family: 'OpenID Connect with an ID token', idToken: true, formPost: false },
  { type: 'github', family: 'OAuth 2 with a user API', idToken: false, formPost: false },
  { type: 'apple', family: "Apple's form_post and JWT client secret", idToken: true, formPost: true },
] as const;

// Each case is several HTTP round trips through a stand-in; the first also warms up discovery.
describe.each(FAMILIES)('$type: $family', { timeout: 30_000 }, ({ type, idToken, formPost }) => {
  it('signs a new visitor up, then the same account in as the same user', async () => {
    const email = `${type}-new@example.com`;
    const first = await signIn(type, email);
    expect(first.callback.method).toBe(formPost ? 'POST' : 'GET');
    expect(first.landing.origin + first.landing.pathname).toBe(SIGNUP);
    const data = await redeem(first.landing);
    const user = data['user'] as UserJson;
    expect(data['provider_type']).toBe(type);
    expect(user.emails).toEqual([expect.objectContaining({ email, verified: true })]);
    expect(user.providers).toEqual([
      expect.objectContaining({ provider_type: type, provider_subject: data['provider_subject'] }),
    ]);
    expect(user.name.first_name).toBe(
      type === 'apple' ? 'Ada' : `${type[0]?.toUpperCase()}${type.slice(1)}-new`,
    );
    if (type === 'apple') expect(user.name.last_name).toBe('Lovelace');
    const values = data['provider_values'] as Record<string, unknown>;
    expect(String(values['access_token']).length).toBeGreaterThan(10);
    expect(String(values['id_token']).split('.')).toHaveLength(idToken ? 3 : 1);
    const factors = (data['session'] as { authentication_factors: { delivery_method: string }[] })
      .authentication_factors;
    expect(factors).toEqual([expect.objectContaining({ delivery_method: `oauth_${type}` })]);

    const again = await signIn(type, email);
    expect(again.landing.origin + again.landing.pathname).toBe(REDIRECT);
    const second = await redeem(again.landing);
    expect(second['user_id']).toBe(data['user_id']);
    expect(second['provider_subject']).toBe(data['provider_subject']);
    expect((second['user'] as UserJson).providers).toHaveLength(1);
  });

  it('links to the existing user of a verified address, never on an unverified one', async () => {
    const email = `${type}-existing@example.com`;
    const existing = await kit.signInByMagicLink(email);
    const linked = await signIn(type, email);
    expect(linked.landing.origin + linked.landing.pathname).toBe(REDIRECT);
    expect((await redeem(linked.landing))['user_id']).toBe(existing['user_id']);

    const otherEmail = `${type}-victim@example.com`;
    const victim = await kit.signInByMagicLink(otherEmail);
    const stranger = await signIn(type, `unverified:${otherEmail}`);
    expect(stranger.landing.origin + stranger.landing.pathname).toBe(SIGNUP);
    const data = await redeem(stranger.landing);
    expect(data['user_id']).not.toBe(victim['user_id']);
    // The address belongs to someone else: the new user does not get it.
    expect((data['user'] as UserJson).emails).toEqual([]);
  });

  it("claims a stranger's password sign-up when the owner's token is redeemed, not at the callback", async () => {
    const email = `${type}-claimed@example.com`;
    const password = 'plum-Vortex-9-quietly-Anchor';
    const stranger = await kit.ok('/passwords', { email, password, session_duration_minutes: 30 });
    const strangerSession = () => kit.post('/sessions/authenticate', {}, String(stranger['session_token']));
    // A landing never redeemed proves nothing; the account stays linked for the next sign-in.
    await signIn(type, email);
    expect((await strangerSession()).status).toBe(200);

    const owner = await redeem((await signIn(type, email)).landing);
    expect(owner['user_id']).toBe(stranger['user_id']);
    const user = owner['user'] as UserJson & { password: { requires_reset: boolean } };
    expect(user.emails).toEqual([expect.objectContaining({ email, verified: true })]);
    expect(user.providers).toEqual([expect.objectContaining({ provider_type: type })]);
    expect(user.password.requires_reset).toBe(true);
    expect((await strangerSession()).body['error_type']).toBe('session_not_found');
  });

  it('sends a declined consent back to the login redirect URL with the error', async () => {
    const { landing } = await signIn(type, `${type}-declines@example.com`, { decline: true });
    expect(landing.origin + landing.pathname).toBe(REDIRECT);
    expect(landing.searchParams.get('stytch_token_type')).toBe('oauth');
    expect(landing.searchParams.get('error')).toBe('oauth_flow_callback_error');
    expect(landing.searchParams.get('error_description')).toMatch(/cancelled/);
    // The landing page redeems the token it got, as always, and gets the failure, once.
    const token = landing.searchParams.get('token');
    const redeemed = await kit.post('/oauth/authenticate', { token, session_duration_minutes: 30 });
    expect(redeemed.status).toBe(400);
    expect(redeemed.body).toMatchObject({
      error_type: 'oauth_flow_callback_error',
      error_message: expect.stringMatching(/cancelled/),
    });
    const again = await kit.post('/oauth/authenticate', { token, session_duration_minutes: 30 });
    expect(again.body).toMatchObject({ error_type: 'oauth_token_not_found' });
  });

  it('answers a replayed callback with a page, not a second sign-in', async () => {
    const { callback } = await signIn(type, `${type}-replay@example.com`);
    const replay = await deliver(callback);
    expect(replay.status).toBe(400);
    expect(replay.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await replay.text()).toContain('expired or was already used');
  });
});

describe('OAuth start failures reach the visitor', () => {
  it('an unset secret goes back to the login redirect URL with oauth_config_not_found', async () => {
    const r = await start('microsoft');
    expect(r.status).toBe(302);
    const landing = location(r);
    expect(landing.origin + landing.pathname).toBe(REDIRECT);
    expect(landing.searchParams.get('error')).toBe('oauth_config_not_found');
    expect(landing.searchParams.get('error_description')).toContain(ENV.unset);
  });

  it('an unreachable issuer goes back with oauth_flow_callback_error', async () => {
    const landing = location(await start('gitlab'));
    expect(landing.origin + landing.pathname).toBe(REDIRECT);
    expect(landing.searchParams.get('error')).toBe('oauth_flow_callback_error');
  });

  it('an unconfigured provider goes back with oauth_config_not_found', async () => {
    const landing = location(await start('discord'));
    expect(landing.searchParams.get('error')).toBe('oauth_config_not_found');
    expect(landing.searchParams.get('error_description')).toContain('"discord" is not configured');
  });

  it('without a redirect URL to trust, the visitor gets a page', async () => {
    const unlisted = await start('google', { login_redirect_url: 'https://evil.example/steal' });
    expect(unlisted.status).toBe(400);
    expect(unlisted.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await unlisted.text()).toContain('redirect_url_not_found');
    const unknown = await start('google', { public_token: 'public-token-test-nope' });
    expect(unknown.status).toBe(401);
    expect(await unknown.text()).toContain('invalid_public_token');
  });

  it('keeps the widget PKCE: the landing token needs the verifier', async () => {
    const { createHash, randomBytes } = await import('node:crypto');
    const verifier = randomBytes(32).toString('base64url');
    const challenge = createHash('sha256').update(verifier).digest('base64url');
    const started = await start('github', { code_challenge: challenge });
    const callback = await visitStandIn(location(started).href, {
      login: 'pkce-widget@example.com',
      callbackOrigin: AUTH_ORIGIN,
    });
    const landing = location(await deliver(callback));
    const token = landing.searchParams.get('token');
    const without = await kit.post('/oauth/authenticate', { token, session_duration_minutes: 30 });
    expect(without.body).toMatchObject({ error_type: 'oauth_token_not_found' });
    await kit.ok('/oauth/authenticate', { token, session_duration_minutes: 30, code_verifier: verifier });
  });
});
