import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAuthKit, PROJECT_ID, type AuthKit } from '../../test/authTestKit';
import {
  ADMIN,
  AUTHORIZE_PAGE,
  CALLBACK,
  ISSUER,
  LIVE_CLIENT,
  NOTES,
  oidcConfig,
  pkcePair,
  SERVER,
  throughScreen,
} from '../../test/oidcTestKit';
import { AUTH_ORIGIN, HOST } from '../../test/testConfig';

let n = 0;
const freshEmail = () => `oidc-authorize${++n}-${Date.now()}@example.com`;
const LIVE_ISSUER = `${AUTH_ORIGIN}/v1/public/project-live-22222222-2222-4222-8222-222222222222`;

describe('OpenID Connect: discovery and the authorization endpoint', () => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit('pglite', oidcConfig());
  }, 60_000);
  afterAll(() => kit?.close());

  const get = (path: string, headers: Record<string, string> = {}) => kit.app.request(path, { headers });

  it('serves discovery at <issuer>/.well-known/openid-configuration, readable from any origin', async () => {
    const response = await get(`/v1/public/${PROJECT_ID}/.well-known/openid-configuration`, {
      Origin: 'https://spa.example',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(response.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    const doc = (await response.json()) as Record<string, unknown>;
    expect(doc).toEqual({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/oauth2/authorize`,
      token_endpoint: `${ISSUER}/oauth2/token`,
      userinfo_endpoint: `${ISSUER}/oauth2/userinfo`,
      revocation_endpoint: `${ISSUER}/oauth2/revoke`,
      introspection_endpoint: `${ISSUER}/oauth2/introspect`,
      end_session_endpoint: `${ISSUER}/oauth2/logout`,
      jwks_uri: `${AUTH_ORIGIN}/v1/sessions/jwks/${PROJECT_ID}`,
      scopes_supported: [
        'openid',
        'profile',
        'email',
        'phone',
        'full_access',
        'offline_access',
        'read:notes',
      ],
      response_types_supported: ['code', 'id_token'],
      response_modes_supported: ['query', 'form_post'],
      grant_types_supported: ['authorization_code', 'refresh_token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: ['RS256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      revocation_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      introspection_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
      code_challenge_methods_supported: ['S256'],
      claims_supported: expect.arrayContaining([
        'sub',
        'auth_time',
        'nonce',
        'email',
        'email_verified',
        'name',
        'given_name',
        'family_name',
        'phone_number',
        'phone_number_verified',
      ]),
      prompt_values_supported: ['none', 'login', 'consent', 'select_account'],
      authorization_response_iss_parameter_supported: true,
      claims_parameter_supported: false,
      request_parameter_supported: false,
      request_uri_parameter_supported: false,
    });
    // RFC 8414 places the well-known part before the issuer's path: the same document.
    const rfc8414 = await get(`/.well-known/oauth-authorization-server/v1/public/${PROJECT_ID}`);
    expect(await rfc8414.json()).toEqual(doc);
    // Each project is its own issuer.
    const live = await get(
      `/v1/public/project-live-22222222-2222-4222-8222-222222222222/.well-known/openid-configuration`,
    );
    expect(((await live.json()) as Record<string, unknown>)['issuer']).toBe(LIVE_ISSUER);
    expect((await get('/v1/public/project-nope/.well-known/openid-configuration')).status).toBe(404);
    // The JWKS it names is readable cross-origin too.
    const jwks = await get(`/v1/sessions/jwks/${PROJECT_ID}`, { Origin: 'https://spa.example' });
    expect(jwks.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });

  it('answers CORS preflights for UserInfo and the token endpoint, without credentials', async () => {
    const preflight = await kit.app.request(`/v1/public/${PROJECT_ID}/oauth2/userinfo`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'https://spa.example',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('Access-Control-Allow-Origin')).toBe('*');
    expect(preflight.headers.get('Access-Control-Allow-Headers')).toContain('Authorization');
    expect(preflight.headers.get('Access-Control-Allow-Credentials')).toBeNull();
    // Not the authorization endpoint: it is a navigation, never a fetch.
    const authorizeCors = await get(`/v1/public/${PROJECT_ID}/oauth2/authorize?client_id=${NOTES}`, {
      Origin: 'https://spa.example',
    });
    expect(authorizeCors.headers.get('Access-Control-Allow-Origin')).toBeNull();
  });

  describe('the authorization endpoint', () => {
    const { challenge } = pkcePair();
    const request = (patch: Record<string, string | undefined> = {}) => {
      const query = new URLSearchParams();
      const fields: Record<string, string | undefined> = {
        client_id: NOTES,
        redirect_uri: CALLBACK,
        response_type: 'code',
        scope: 'openid email',
        state: 'st-1',
        nonce: 'no-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        ...patch,
      };
      for (const [key, value] of Object.entries(fields)) if (value !== undefined) query.set(key, value);
      return query;
    };
    const authorize = (query: URLSearchParams, issuer = PROJECT_ID) =>
      get(`/v1/public/${issuer}/oauth2/authorize?${query.toString()}`);
    /** The error the client receives at its redirect URI. */
    const redirectedError = async (response: Response) => {
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('Location') ?? '');
      expect(location.origin + location.pathname).toBe(CALLBACK);
      expect(location.searchParams.get('code')).toBeNull();
      return Object.fromEntries(location.searchParams);
    };

    it('sends a good request to the authorization page with its parameters', async () => {
      const response = await authorize(request({ prompt: 'consent', max_age: '600', junk: 'x' }));
      expect(response.status).toBe(303);
      const location = new URL(response.headers.get('Location') ?? '');
      expect(location.origin + location.pathname).toBe(AUTHORIZE_PAGE);
      expect(Object.fromEntries(location.searchParams)).toEqual({
        client_id: NOTES,
        redirect_uri: CALLBACK,
        response_type: 'code',
        scope: 'openid email',
        state: 'st-1',
        nonce: 'no-1',
        code_challenge: challenge,
        code_challenge_method: 'S256',
        prompt: 'consent',
        max_age: '600',
      });
      // The same as a form POST (OpenID Connect Core section 3.1.2.1).
      const posted = await kit.app.request(`/v1/public/${PROJECT_ID}/oauth2/authorize`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: request().toString(),
      });
      expect(posted.status).toBe(303);
      expect(posted.headers.get('Location')).toContain(AUTHORIZE_PAGE);
    });

    it('never redirects for an unknown client or an unregistered redirect URI: an error page', async () => {
      const cases = [
        request({ client_id: 'nope' }),
        request({ client_id: undefined }),
        request({ redirect_uri: 'https://evil.example/callback' }),
        request({ redirect_uri: `${CALLBACK}/` }),
        request({ redirect_uri: undefined }),
        new URLSearchParams(`${request().toString()}&client_id=${NOTES}`),
        new URLSearchParams(
          `${request({ response_type: 'token' }).toString()}&redirect_uri=https://evil.example/`,
        ),
      ];
      for (const query of cases) {
        const response = await authorize(query);
        expect(response.status).toBe(400);
        expect(response.headers.get('Location')).toBeNull();
        expect(response.headers.get('Content-Type')).toContain('text/html');
        expect(await response.text()).toContain('This sign-in request cannot be served');
      }
      expect((await authorize(request(), 'project-nope')).status).toBe(400);
    });

    it('returns the other problems to the client with state and iss (RFC 9207)', async () => {
      const cases: [URLSearchParams, string][] = [
        [request({ response_type: 'token' }), 'unsupported_response_type'],
        [request({ response_type: 'code id_token' }), 'unsupported_response_type'],
        [request({ response_type: undefined }), 'invalid_request'],
        [request({ code_challenge_method: 'plain' }), 'invalid_request'],
        // RFC 7636: a challenge without a method is plain, which is refused the same way.
        [request({ code_challenge_method: undefined }), 'invalid_request'],
        [request({ code_challenge: 'short' }), 'invalid_request'],
        // A public client must use PKCE at all.
        [request({ code_challenge: undefined, code_challenge_method: undefined }), 'invalid_request'],
        [request({ prompt: 'none login' }), 'invalid_request'],
        [request({ prompt: 'sometimes' }), 'invalid_request'],
        [request({ max_age: 'soon' }), 'invalid_request'],
        [request({ response_mode: 'fragment' }), 'invalid_request'],
        [request({ request: 'eyJhbGciOiJub25lIn0.e30.' }), 'request_not_supported'],
        [request({ request_uri: 'https://notes.example/r' }), 'request_uri_not_supported'],
        [new URLSearchParams(`${request().toString()}&scope=phone`), 'invalid_request'],
      ];
      for (const [query, error] of cases) {
        const params = await redirectedError(await authorize(query));
        expect(params).toMatchObject({ error, iss: ISSUER, state: 'st-1' });
        expect(params['error_description']).toMatch(/^[\x20-\x21\x23-\x5B\x5D-\x7E]+$/);
      }
      // A repeated state is not echoed: which one would be the client's?
      const twice = await redirectedError(
        await authorize(new URLSearchParams(`${request().toString()}&state=st-2`)),
      );
      expect(twice).toEqual({ error: 'invalid_request', error_description: expect.any(String), iss: ISSUER });
    });

    it('a confidential client may skip PKCE; a project without an authorization page says so', async () => {
      const server = await authorize(
        request({ client_id: SERVER, code_challenge: undefined, code_challenge_method: undefined }),
      );
      expect(server.headers.get('Location')).toContain(AUTHORIZE_PAGE);
      const live = await redirectedError(
        await authorize(
          request({ client_id: LIVE_CLIENT }),
          'project-live-22222222-2222-4222-8222-222222222222',
        ),
      );
      expect(live).toMatchObject({ error: 'server_error', iss: LIVE_ISSUER });
    });
  });

  describe('what the consent screen calls', () => {
    let token: string;
    beforeAll(async () => {
      token = String((await kit.signInByMagicLink(freshEmail()))['session_token']);
    }, 60_000);
    const codes = async () =>
      (await kit.db.query("SELECT 1 FROM one_time_tokens WHERE kind = 'idp_authorization_code'")).length;
    const { challenge } = pkcePair();

    it('response_type other than code: no UI, the client gets unsupported_response_type', async () => {
      const before = await codes();
      const params = {
        client_id: NOTES,
        redirect_uri: CALLBACK,
        response_type: 'token',
        scopes: ['openid'],
        state: 's',
      };
      const start = await kit.ok('/idp/oauth/authorize/start', params, token);
      expect(start['consent_required']).toBe(false);
      const submitted = await kit.ok(
        '/idp/oauth/authorize/submit',
        { ...params, consent_granted: false },
        token,
      );
      const url = new URL(String(submitted['redirect_uri']));
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        error: 'unsupported_response_type',
        state: 's',
        iss: ISSUER,
      });
      expect(submitted['authorization_code']).toBeUndefined();
      expect(await codes()).toBe(before);
    });

    it('code_challenge_method=plain is refused at authorize, as the token endpoint would', async () => {
      const url = await throughScreen(kit, token, {
        client_id: NOTES,
        scopes: ['openid'],
        code_challenge: challenge,
        code_challenge_method: 'plain',
      });
      expect(url.searchParams.get('error')).toBe('invalid_request');
      expect(url.searchParams.get('code')).toBeNull();
    });

    it('prompt=none: consent_required without consent, a code once consented, login_required without a session', async () => {
      const own = String((await kit.signInByMagicLink(freshEmail()))['session_token']);
      const request = {
        client_id: NOTES,
        scopes: ['openid', 'email'],
        code_challenge: challenge,
        state: 'pn',
      };
      const silent = await throughScreen(kit, own, { ...request, prompt: 'none' }, false);
      expect(Object.fromEntries(silent.searchParams)).toMatchObject({
        error: 'consent_required',
        state: 'pn',
        iss: ISSUER,
      });
      // Nothing was asked, so nothing may be granted by a submit.
      const grant = await kit.ok(
        '/idp/oauth/authorize/submit',
        { ...request, redirect_uri: CALLBACK, response_type: 'code', prompt: 'none', consent_granted: true },
        own,
      );
      expect(new URL(String(grant['redirect_uri'])).searchParams.get('error')).toBe('consent_required');

      await throughScreen(kit, own, request);
      const consented = await throughScreen(kit, own, { ...request, prompt: 'none' }, false);
      expect(consented.searchParams.get('code')).toBeTruthy();
      expect(consented.searchParams.get('iss')).toBe(ISSUER);

      const body = {
        ...request,
        redirect_uri: CALLBACK,
        response_type: 'code',
        prompt: 'none',
        consent_granted: false,
      };
      const signedOut = await kit.ok('/idp/oauth/authorize/submit', body);
      expect(Object.fromEntries(new URL(String(signedOut['redirect_uri'])).searchParams)).toMatchObject({
        error: 'login_required',
        state: 'pn',
        iss: ISSUER,
      });
      // Even then, only to a registered redirect URI; and without prompt=none it stays a 401.
      const evil = await kit.post('/idp/oauth/authorize/submit', {
        ...body,
        redirect_uri: 'https://evil.example/',
      });
      expect([evil.status, evil.body['error_type']]).toEqual([400, 'redirect_url_not_found']);
      const plain = await kit.post('/idp/oauth/authorize/submit', { ...body, prompt: undefined });
      expect([plain.status, plain.body['error_type']]).toEqual([401, 'user_unauthenticated']);
    });

    it('a first-party client under prompt=none gets its code at once', async () => {
      const url = await throughScreen(
        kit,
        token,
        {
          client_id: ADMIN,
          scopes: ['openid'],
          code_challenge: challenge,
          prompt: 'none',
        },
        false,
      );
      expect(url.searchParams.get('code')).toBeTruthy();
    });

    it('max_age and prompt=login: a session older than allowed is login_required', async () => {
      const own = String((await kit.signInByMagicLink(freshEmail()))['session_token']);
      const request = { client_id: ADMIN, scopes: ['openid'], code_challenge: challenge };
      expect(
        (await throughScreen(kit, own, { ...request, max_age: '60' })).searchParams.get('code'),
      ).toBeTruthy();
      expect(
        (await throughScreen(kit, own, { ...request, prompt: 'login' })).searchParams.get('code'),
      ).toBeTruthy();
      expect(
        (await throughScreen(kit, own, { ...request, max_age: '0' })).searchParams.get('code'),
      ).toBeTruthy();
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 10 * 60_000 });
      try {
        const stale = async (patch: { max_age?: string; prompt?: string }) =>
          (await throughScreen(kit, own, { ...request, ...patch })).searchParams.get('error');
        expect(await stale({ max_age: '60' })).toBe('login_required');
        expect(await stale({ prompt: 'login' })).toBe('login_required');
        expect(await stale({ max_age: '0' })).toBe('login_required');
        expect(await stale({ max_age: '3600' })).toBeNull();
        expect(await stale({})).toBeNull();
        expect(await stale({ max_age: 'x' })).toBe('invalid_request');
      } finally {
        vi.useRealTimers();
      }
    });

    it('the screen on another page origin still gets iss of this issuer', async () => {
      const url = await throughScreen(kit, token, {
        client_id: ADMIN,
        scopes: ['openid'],
        code_challenge: challenge,
      });
      expect(url.searchParams.get('iss')).toBe(ISSUER);
      expect(HOST).not.toBe(AUTH_ORIGIN);
    });
  });
});
