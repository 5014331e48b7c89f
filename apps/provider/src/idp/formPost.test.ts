import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuthKit, PROJECT_ID, type AuthKit } from '../../test/authTestKit';
import {
  AUTHORIZE_PAGE,
  CALLBACK,
  ISSUER,
  NOTES,
  oauthBasic,
  oidcConfig,
  pkcePair,
  postForm,
  SERVER,
  SERVER_SECRET,
  throughScreen,
} from '../../test/oidcTestKit';

let n = 0;
const freshEmail = () => `oidc-form-post${++n}-${Date.now()}@example.com`;

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
};
const unescape = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e] ?? e);

/** The form of a form_post page: where it posts, what, and whether its script may run under its CSP. */
function readForm(html: string, csp: string) {
  const action = /<form method="post" action="([^"]*)">/.exec(html)?.[1];
  const fields = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]*)" value="([^"]*)">/g)].map((m) => [
      unescape(m[1] ?? ''),
      unescape(m[2] ?? ''),
    ]),
  );
  const nonce = /<script nonce="([^"]+)">document\.forms\[0\]\.submit\(\);<\/script>/.exec(html)?.[1];
  return {
    action: action === undefined ? undefined : unescape(action),
    fields,
    scriptAllowed: nonce !== undefined && csp.includes(`script-src 'nonce-${nonce}'`),
    scripts: (html.match(/<script/g) ?? []).length,
  };
}

describe('response_mode=form_post', () => {
  let kit: AuthKit;
  let session: string;
  let email: string;
  beforeAll(async () => {
    kit = await openAuthKit('pglite', oidcConfig());
    email = freshEmail();
    session = String((await kit.signInByMagicLink(email))['session_token']);
  }, 60_000);
  afterAll(() => kit?.close());

  const authorize = (fields: Record<string, string | undefined>) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) query.set(key, value);
    return kit.app.request(`/v1/public/${PROJECT_ID}/oauth2/authorize?${query.toString()}`);
  };
  /** Follows the screen's answer: a ticket page on the issuer, which posts the response once. */
  const openTicket = async (url: URL) => {
    expect(url.origin + url.pathname).toBe(`${ISSUER}/oauth2/form_post`);
    expect([...url.searchParams.keys()]).toEqual(['ticket']);
    const response = await kit.app.request(url.pathname + url.search);
    expect(response.status).toBe(200);
    const csp = response.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain('form-action https://notes.example;');
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('Cache-Control')).toBe('no-store');
    expect(response.headers.get('Referrer-Policy')).toBe('origin');
    const form = readForm(await response.text(), csp);
    expect(form.action).toBe(CALLBACK);
    expect(form.scriptAllowed).toBe(true);
    expect(form.scripts).toBe(1);
    // A ticket answers once: a reload or a copied URL finds nothing.
    const again = await kit.app.request(url.pathname + url.search);
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('This sign-in response is no longer available');
    return form.fields;
  };

  it('code: the screen answers a ticket page that posts code, state and iss; the code redeems', async () => {
    const url = await throughScreen(kit, session, {
      client_id: SERVER,
      scopes: ['openid', 'email'],
      response_mode: 'form_post',
      state: 'fp-1',
      nonce: 'n-1',
    });
    expect(url.search).not.toContain('code=');
    const fields = await openTicket(url);
    expect(fields).toEqual({ code: expect.stringMatching(/^[\w-]{40,}$/), state: 'fp-1', iss: ISSUER });
    const tokens = await postForm(
      kit.app,
      `/v1/public/${PROJECT_ID}/oauth2/token`,
      { grant_type: 'authorization_code', code: fields['code'], redirect_uri: CALLBACK },
      oauthBasic(SERVER, SERVER_SECRET),
    );
    expect(tokens.status).toBe(200);
    expect(decodeJwt(String(tokens.body['id_token']))).toMatchObject({ nonce: 'n-1', aud: SERVER, email });
  });

  it('id_token: an ID token alone, with the nonce and the scope claims, and no code or access token', async () => {
    const codes = async () =>
      (await kit.db.query("SELECT 1 FROM one_time_tokens WHERE kind = 'idp_authorization_code'")).length;
    const before = await codes();
    const url = await throughScreen(kit, session, {
      client_id: NOTES,
      scopes: ['openid', 'email'],
      response_type: 'id_token',
      response_mode: 'form_post',
      state: 'fp-2',
      nonce: 'n-2',
    });
    const fields = await openTicket(url);
    expect(Object.keys(fields).sort()).toEqual(['id_token', 'iss', 'state']);
    const jwks = (await (await kit.app.request(`/v1/sessions/jwks/${PROJECT_ID}`)).json()) as JSONWebKeySet;
    const { payload } = await jwtVerify(String(fields['id_token']), createLocalJWKSet(jwks), {
      issuer: ISSUER,
      audience: NOTES,
    });
    expect(payload).toMatchObject({
      nonce: 'n-2',
      email,
      email_verified: true,
      auth_time: expect.any(Number),
    });
    expect(payload['at_hash']).toBeUndefined();
    expect(await codes()).toBe(before);
  });

  it('the authorization endpoint forwards form_post; its own errors are posted, never put in the URL', async () => {
    const { challenge } = pkcePair();
    const good = await authorize({
      client_id: NOTES,
      redirect_uri: CALLBACK,
      response_type: 'id_token',
      response_mode: 'form_post',
      scope: 'openid',
      nonce: 'n-3',
      state: 'fp-3',
    });
    expect(good.status).toBe(303);
    const page = new URL(good.headers.get('Location') ?? '');
    expect(page.origin + page.pathname).toBe(AUTHORIZE_PAGE);
    expect(page.searchParams.get('response_mode')).toBe('form_post');
    expect(page.searchParams.get('response_type')).toBe('id_token');

    const base = {
      client_id: NOTES,
      redirect_uri: CALLBACK,
      response_mode: 'form_post',
      scope: 'openid',
      state: 'fp-4',
      nonce: 'n-4',
      code_challenge: challenge,
      code_challenge_method: 'S256',
    };
    const cases: [Record<string, string | undefined>, string, RegExp][] = [
      // RFC 9700: no access token in the front channel, in any combination.
      [{ response_type: 'token' }, 'unsupported_response_type', /token responses are not/],
      [{ response_type: 'id_token token' }, 'unsupported_response_type', /token responses are not/],
      [{ response_type: 'code token' }, 'unsupported_response_type', /token responses are not/],
      [{ response_type: 'id_token', nonce: undefined }, 'invalid_request', /needs a nonce/],
      [{ response_type: 'id_token', scope: 'email' }, 'invalid_request', /needs the openid scope/],
    ];
    for (const [patch, error, description] of cases) {
      const response = await authorize({ ...base, ...patch });
      expect(response.status).toBe(200);
      expect(response.headers.get('Location')).toBeNull();
      const csp = response.headers.get('Content-Security-Policy') ?? '';
      const form = readForm(await response.text(), csp);
      expect(form.action).toBe(CALLBACK);
      expect(form.scriptAllowed).toBe(true);
      expect(form.fields).toMatchObject({ error, state: 'fp-4', iss: ISSUER });
      expect(form.fields['error_description']).toMatch(description);
    }
  });

  it('id_token is refused without form_post (never in a query) and without a nonce through the screen', async () => {
    const inQuery = await throughScreen(kit, session, {
      client_id: NOTES,
      scopes: ['openid'],
      response_type: 'id_token',
      nonce: 'n-5',
      state: 'fp-5',
    });
    expect(Object.fromEntries(inQuery.searchParams)).toEqual({
      error: 'invalid_request',
      error_description: 'response_type=id_token needs response_mode=form_post.',
      state: 'fp-5',
      iss: ISSUER,
    });
    const noNonce = await throughScreen(kit, session, {
      client_id: NOTES,
      scopes: ['openid'],
      response_type: 'id_token',
      response_mode: 'form_post',
      state: 'fp-6',
    });
    expect(await openTicket(noNonce)).toMatchObject({ error: 'invalid_request', state: 'fp-6' });
  });

  it('a ticket that does not exist, or of another issuer, is the no-longer-available page', async () => {
    const url = await throughScreen(kit, session, {
      client_id: SERVER,
      scopes: ['openid'],
      response_mode: 'form_post',
    });
    const elsewhere = await kit.app.request(
      `/v1/public/project-live-22222222-2222-4222-8222-222222222222/oauth2/form_post${url.search}`,
    );
    expect(elsewhere.status).toBe(400);
    const unknown = await kit.app.request(`${url.pathname}?ticket=nope`);
    expect(unknown.status).toBe(400);
    expect(await unknown.text()).toContain('This sign-in response is no longer available');
    // Not used up by those attempts.
    expect(await openTicket(url)).toMatchObject({ code: expect.any(String) });
  });
});
