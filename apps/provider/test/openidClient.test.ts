import type { AddressInfo } from 'node:net';
import { serve, type ServerType } from '@hono/node-server';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/Db';
import { PROJECT_ID } from './authTestKit';
import { CALLBACK, AUTHORIZE_PAGE, NOTES, oidcConfig, SERVER, SERVER_SECRET } from './oidcTestKit';
import { TEST_TOKEN, sdkHeaders } from './testConfig';
import { testApp } from './testApp';
import { openMigratedTestDb } from './testDatabases';

type Json = Record<string, unknown>;

/**
 * A relying party as a third-party developer writes it: panva's certified `openid-client`,
 * configured only by discovery, against the provider listening on a real port. The consent screen
 * is played by the two SDK calls it makes, with a session signed in through the API.
 */
describe('openid-client against the provider', () => {
  let server: ServerType;
  let db: Db;
  let origin = '';
  let issuer: URL;

  beforeAll(async () => {
    db = await openMigratedTestDb('pglite');
    let handle: (request: Request) => Response | Promise<Response> = () =>
      new Response(null, { status: 503 });
    // The app needs its own public origin, known once the port is: it is made after listening.
    const port = await new Promise<number>((resolve) => {
      server = serve(
        { fetch: (request) => handle(request), port: 0, hostname: '127.0.0.1' },
        (info: AddressInfo) => resolve(info.port),
      );
    });
    origin = `http://127.0.0.1:${port}`;
    const { app } = testApp({ db, config: oidcConfig(), authOrigin: origin });
    handle = (request) => app.fetch(request);
    issuer = new URL(`${origin}/v1/public/${PROJECT_ID}`);
  }, 60_000);
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await db?.close();
  });

  /** An SDK call as the widget makes it, over HTTP. */
  const sdk = async (path: string, body: unknown, sessionToken = TEST_TOKEN): Promise<Json> => {
    const response = await fetch(`${origin}/sdk/v1${path}`, {
      method: 'POST',
      headers: sdkHeaders(sessionToken),
      body: JSON.stringify(body),
    });
    const json = (await response.json()) as Json;
    if (response.status !== 200)
      throw new Error(`${path} answered ${response.status}: ${JSON.stringify(json)}`);
    return json['data'] as Json;
  };

  /** A real session: email magic link sent, read from the dev inbox, authenticated. */
  const signIn = async (email: string): Promise<string> => {
    await sdk('/magic_links/email/login_or_create', { email });
    const inbox = (await (
      await fetch(`${origin}/dev/inbox.json?to=${encodeURIComponent(email)}`)
    ).json()) as {
      metadata: { token: string };
    }[];
    const token = inbox[0]?.metadata.token;
    if (!token) throw new Error(`no magic link for ${email}`);
    const data = await sdk('/magic_links/authenticate', { token, session_duration_minutes: 60 });
    return String(data['session_token']);
  };

  /**
   * The visitor follows the authorization URL: the authorization endpoint sends them to the
   * authorization page, whose screen starts the request and (consent given or not needed)
   * submits it. Answers the URL the client's redirect URI receives.
   */
  const visit = async (authorizationUrl: URL, sessionToken: string, allow: boolean): Promise<URL> => {
    const response = await fetch(authorizationUrl, { redirect: 'manual' });
    expect(response.status).toBe(303);
    const page = new URL(response.headers.get('Location') ?? '');
    expect(page.origin + page.pathname).toBe(AUTHORIZE_PAGE);
    const query = page.searchParams;
    // As the screen reads its page's query (packages/screens idpParams.ts).
    const params: Json = {
      client_id: query.get('client_id'),
      redirect_uri: query.get('redirect_uri'),
      response_type: query.get('response_type') ?? 'code',
      scopes: (query.get('scope') ?? '').split(' ').filter((s) => s !== ''),
    };
    for (const key of ['prompt', 'state', 'nonce', 'code_challenge', 'code_challenge_method', 'max_age']) {
      const value = query.get(key);
      if (value) params[key] = value;
    }
    const start = await sdk('/idp/oauth/authorize/start', params, sessionToken);
    const submitted = await sdk(
      '/idp/oauth/authorize/submit',
      { ...params, consent_granted: start['consent_required'] === true && allow },
      sessionToken,
    );
    return new URL(String(submitted['redirect_uri']));
  };

  const discover = (clientId: string, auth: client.ClientAuth) =>
    client.discovery(issuer, clientId, undefined, auth, { execute: [client.allowInsecureRequests] });

  it('code + PKCE with client_secret_basic, ID token, UserInfo, refresh; a reused code is invalid_grant', async () => {
    const config = await discover(SERVER, client.ClientSecretBasic(SERVER_SECRET));
    expect(config.serverMetadata().issuer).toBe(issuer.href);
    const email = `rp-${Date.now()}@example.com`;
    const session = await signIn(email);

    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid email profile offline_access',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      max_age: '600',
    });
    const callback = await visit(authorizationUrl, session, true);
    const checks = {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    };
    const tokens = await client.authorizationCodeGrant(config, callback, checks);
    const claims = tokens.claims();
    expect(claims).toMatchObject({ iss: issuer.href, aud: SERVER, email, email_verified: true, nonce });
    expect(claims?.auth_time).toEqual(expect.any(Number));
    expect(tokens.refresh_token).toEqual(expect.any(String));

    const sub = String(claims?.sub);
    const info = await client.fetchUserInfo(config, tokens.access_token, sub);
    expect(info).toMatchObject({ sub, email, email_verified: true });

    const refreshed = await client.refreshTokenGrant(config, String(tokens.refresh_token));
    expect(refreshed.access_token).not.toBe(tokens.access_token);
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect(refreshed.claims()).toMatchObject({ sub, auth_time: claims?.auth_time });
    expect((await client.fetchUserInfo(config, refreshed.access_token, sub)).email).toBe(email);

    const reused = await client.authorizationCodeGrant(config, callback, checks).then(
      () => null,
      (error: unknown) => error,
    );
    expect(reused).toBeInstanceOf(client.ResponseBodyError);
    expect(reused).toMatchObject({ error: 'invalid_grant', status: 400 });
  }, 60_000);

  it('prompt=none for a client the user never consented to: consent_required', async () => {
    const config = await discover(SERVER, client.ClientSecretBasic(SERVER_SECRET));
    const session = await signIn(`rp-none-${Date.now()}@example.com`);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      prompt: 'none',
    });
    const callback = await visit(authorizationUrl, session, false);
    const refused = await client
      .authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(refused).toBeInstanceOf(client.AuthorizationResponseError);
    expect(refused).toMatchObject({ error: 'consent_required' });
  }, 60_000);

  it('a public client with none and PKCE', async () => {
    const config = await discover(NOTES, client.None());
    const session = await signIn(`rp-public-${Date.now()}@example.com`);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const authorizationUrl = client.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid email',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
    });
    const callback = await visit(authorizationUrl, session, true);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
      idTokenExpected: true,
    });
    expect(tokens.claims()).toMatchObject({ aud: NOTES, iss: issuer.href });
    expect(tokens.refresh_token).toBeUndefined();
    // A wrong verifier is refused: PKCE is what authenticates a public client.
    const again = await visit(authorizationUrl, session, true);
    const wrong = await client
      .authorizationCodeGrant(config, again, {
        pkceCodeVerifier: client.randomPKCECodeVerifier(),
        expectedState: state,
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(wrong).toMatchObject({ error: 'invalid_grant' });
  }, 60_000);
});
