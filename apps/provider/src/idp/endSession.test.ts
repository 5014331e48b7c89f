import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openAuthKit, PROJECT_ID, type AuthKit } from '../../test/authTestKit';
import {
  AUTHORIZE_PAGE,
  CALLBACK,
  codeThroughScreen,
  ISSUER,
  LOGGED_OUT,
  NOTES,
  oauthBasic,
  oidcConfig,
  OTHER,
  OTHER_SECRET,
  postForm,
  SERVER,
  SERVER_SECRET,
} from '../../test/oidcTestKit';

const LOGOUT = `/v1/public/${PROJECT_ID}/oauth2/logout`;
let n = 0;
const freshEmail = () => `oidc-logout${++n}-${Date.now()}@example.com`;

describe('RP-Initiated Logout: the end-session endpoint', () => {
  let kit: AuthKit;
  let session: string;
  /** ID tokens (and an access token) of the signed-in user for two confidential clients. */
  let tokens: { server: string; serverAccess: string; other: string };
  beforeAll(async () => {
    kit = await openAuthKit('pglite', oidcConfig());
    session = String((await kit.signInByMagicLink(freshEmail()))['session_token']);
    const issue = async (client: string, secret: string) => {
      const code = await codeThroughScreen(kit, session, { client_id: client, scopes: ['openid'] });
      const answer = await postForm(
        kit.app,
        `/v1/public/${PROJECT_ID}/oauth2/token`,
        { grant_type: 'authorization_code', code, redirect_uri: CALLBACK },
        oauthBasic(client, secret),
      );
      return { id: String(answer.body['id_token']), access: String(answer.body['access_token']) };
    };
    const server = await issue(SERVER, SERVER_SECRET);
    tokens = { server: server.id, serverAccess: server.access, other: (await issue(OTHER, OTHER_SECRET)).id };
  }, 60_000);
  afterAll(() => kit?.close());

  const logoutGet = (fields: Record<string, string | undefined>) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(fields)) if (value !== undefined) query.set(key, value);
    return kit.app.request(`${LOGOUT}?${query.toString()}`);
  };
  /** The authorization page's query the visitor is sent to, as the logout screen reads it. */
  const screenQuery = (response: Response) => {
    expect(response.status).toBe(303);
    const location = new URL(response.headers.get('Location') ?? '');
    expect(location.origin + location.pathname).toBe(AUTHORIZE_PAGE);
    return Object.fromEntries(location.searchParams);
  };
  const expectRefused = async (response: Response, reason: string) => {
    expect(response.status).toBe(400);
    expect(response.headers.get('Location')).toBeNull();
    const html = await response.text();
    expect(html).toContain('This logout request cannot be served');
    expect(html).toContain(reason);
  };

  it('GET and form POST send the visitor to the logout screen with client_id, the URI and state', async () => {
    const fields = { client_id: NOTES, post_logout_redirect_uri: LOGGED_OUT, state: 'bye-1' };
    expect(screenQuery(await logoutGet(fields))).toEqual(fields);
    const posted = await kit.app.request(LOGOUT, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, ui_locales: 'en' }).toString(),
    });
    expect(screenQuery(posted)).toEqual(fields);
  });

  it('state round-trips: the screen it lands on answers the post-logout URI with it, no confirmation with the hint', async () => {
    const query = screenQuery(
      await logoutGet({ id_token_hint: tokens.server, post_logout_redirect_uri: LOGGED_OUT, state: 'bye-2' }),
    );
    // The hint alone names the client: its audience.
    expect(query).toEqual({
      client_id: SERVER,
      post_logout_redirect_uri: LOGGED_OUT,
      state: 'bye-2',
      id_token_hint: tokens.server,
    });
    const start = await kit.ok('/oauth/logout/start', query, session);
    expect(start).toMatchObject({ consent_required: false, redirect_uri: `${LOGGED_OUT}?state=bye-2` });
  });

  it("without post_logout_redirect_uri the logout ends on the issuer's logged-out page, state dropped", async () => {
    const ended = `${ISSUER}/oauth2/logged_out`;
    const query = screenQuery(await logoutGet({ client_id: NOTES, state: 'nowhere-to-go' }));
    expect(query).toEqual({ client_id: NOTES, post_logout_redirect_uri: ended });
    // The screen asks first (no hint), then ends there.
    const signedIn = String((await kit.signInByMagicLink(freshEmail()))['session_token']);
    expect(await kit.ok('/oauth/logout/start', query, signedIn)).toMatchObject({
      consent_required: true,
      redirect_uri: ended,
    });
    // With the hint alone, the client is its audience and the signed-in user's logout needs no question.
    const hinted = screenQuery(await logoutGet({ id_token_hint: tokens.server }));
    expect(hinted).toEqual({
      client_id: SERVER,
      post_logout_redirect_uri: ended,
      id_token_hint: tokens.server,
    });
    expect(await kit.ok('/oauth/logout/start', hinted, session)).toMatchObject({ consent_required: false });

    const page = await kit.app.request(new URL(ended).pathname);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Logged out</title>');
    expect(html).toContain('You have been logged out of your');
    expect((await kit.app.request('/v1/public/project-test-nope/oauth2/logged_out')).status).toBe(404);

    // Only this issuer's page: a look-alike is not registered.
    for (const uri of [
      `${ended}?next=https://evil.example/`,
      ended.replace(PROJECT_ID, 'project-test-nope'),
    ]) {
      const refused = await kit.post('/oauth/logout/start', {
        client_id: NOTES,
        post_logout_redirect_uri: uri,
      });
      expect([refused.status, refused.body['error_type']]).toEqual([400, 'redirect_url_not_found']);
    }
  });

  it('an unregistered post_logout_redirect_uri or an unnamed client gets an error page, never a redirect', async () => {
    await expectRefused(
      await logoutGet({ client_id: NOTES, post_logout_redirect_uri: 'https://evil.example/', state: 's' }),
      'The post_logout_redirect_uri is not registered for this application.',
    );
    await expectRefused(
      await logoutGet({ client_id: NOTES, post_logout_redirect_uri: CALLBACK }),
      'The post_logout_redirect_uri is not registered for this application.',
    );
    await expectRefused(await logoutGet({}), 'The request names no client: send client_id or id_token_hint.');
    await expectRefused(
      await logoutGet({ post_logout_redirect_uri: LOGGED_OUT }),
      'The request names no client: send client_id or id_token_hint.',
    );
    await expectRefused(
      await logoutGet({ client_id: 'nope', post_logout_redirect_uri: LOGGED_OUT }),
      'The client_id is not an application of this project.',
    );
    await expectRefused(
      await kit.app.request(
        `${LOGOUT}?client_id=${NOTES}&post_logout_redirect_uri=${encodeURIComponent(LOGGED_OUT)}&state=a&state=b`,
      ),
      'A parameter is repeated or has a value that is not allowed.',
    );
  });

  it('an id_token_hint of another client than client_id, an access token or a forged one is refused', async () => {
    const base = { client_id: SERVER, post_logout_redirect_uri: LOGGED_OUT };
    await expectRefused(
      await logoutGet({ ...base, id_token_hint: tokens.other }),
      'The id_token_hint was issued to another client than client_id.',
    );
    for (const hint of [tokens.serverAccess, 'a.b.c', `${tokens.server.slice(0, -4)}AAAA`]) {
      await expectRefused(
        await logoutGet({ ...base, id_token_hint: hint }),
        'The id_token_hint is not an ID token this provider issued.',
      );
    }
    expect(screenQuery(await logoutGet({ ...base, id_token_hint: tokens.server }))['client_id']).toBe(SERVER);
  });

  it('an expired hint still names its client and skips the confirmation within its session', async () => {
    // The application's session (and ours) outlive the hour an ID token lives.
    await kit.ok('/sessions/authenticate', { session_duration_minutes: 300 }, session);
    const later = String((await kit.signInByMagicLink(freshEmail()))['session_token']);
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 2 * 3600_000 });
    try {
      const query = screenQuery(
        await logoutGet({ id_token_hint: tokens.server, post_logout_redirect_uri: LOGGED_OUT }),
      );
      expect(query['client_id']).toBe(SERVER);
      expect(await kit.ok('/oauth/logout/start', query, session)).toMatchObject({ consent_required: false });
    } finally {
      vi.useRealTimers();
    }
    // Another user's session is asked to confirm.
    expect(
      await kit.ok(
        '/oauth/logout/start',
        screenQuery(await logoutGet({ id_token_hint: tokens.server, post_logout_redirect_uri: LOGGED_OUT })),
        later,
      ),
    ).toMatchObject({ consent_required: true });
  });
});
