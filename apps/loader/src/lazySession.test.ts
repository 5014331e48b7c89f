import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionManager, type SessionManager, type SessionManagerOptions } from '@latch/session';
import { authResponse, fakeCookieDocument, stubFetch } from '@latch/session/testing';
import { createLazySession, type SessionModule } from './lazySession';
import * as sessionModule from './sessionModule';

const TOKEN = 'public-token-test-lazy';
const KEY = `stytch_sdk_state_${TOKEN}`;
const managers: SessionManager[] = [];

function setup(
  options: Partial<SessionManagerOptions> & { cookies?: ReturnType<typeof fakeCookieDocument> } = {},
) {
  const document = options.cookies ?? fakeCookieDocument('localhost');
  const fetch = stubFetch({ data: authResponse('refreshed') });
  // The real module, with unshared managers so each test starts clean.
  const module: SessionModule = {
    ...sessionModule,
    getSessionManager: (o) => {
      const manager = createSessionManager(o);
      managers.push(manager);
      return manager;
    },
  };
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  const load = vi.fn(async () => {
    await gate;
    return module;
  });
  const session = createLazySession(
    { publicToken: TOKEN, apiBaseUrl: 'http://localhost:4000', fetch, document, locks: null, ...options },
    load,
  );
  const loaded = async () => {
    release();
    await vi.waitFor(() => expect(managers).toHaveLength(1));
  };
  return { session, load, fetch, document, loaded };
}

const stored = (token = 'tok') => {
  const { user, session } = authResponse(token);
  return JSON.stringify({ user, session });
};

beforeEach(() => localStorage.clear());
afterEach(() => {
  managers.splice(0).forEach((m) => m.dispose());
  history.replaceState(null, '', '/');
});

describe('createLazySession', () => {
  it('loads nothing on a page without any session trace', async () => {
    const { session, load } = setup();
    expect(session.getSync()).toBeNull();
    expect(session.getInfo()).toBeNull();
    expect(session.getTokens()).toBeNull();
    const off = session.onChange(() => {});
    off();
    await expect(session.authenticateByUrl({ session_duration_minutes: 30 })).resolves.toBeNull();
    expect(load).not.toHaveBeenCalled();
  });

  it('with a session cookie, answers from cookie and mirror at once and starts the manager', async () => {
    const cookies = fakeCookieDocument('localhost');
    cookies.cookie = 'stytch_session=tok';
    cookies.cookie = 'stytch_session_jwt=jwt';
    localStorage.setItem(KEY, stored());
    const { session, load, fetch, loaded } = setup({ cookies });
    expect(session.getSync()?.session_id).toBe('session-1');
    expect(session.getTokens()).toEqual({ session_token: 'tok', session_jwt: 'jwt' });
    // Started once the page's script has run, so a mount right after is not kept waiting.
    expect(load).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    await loaded();
    // The manager's start-up rule: a session cookie means an immediate refresh.
    await vi.waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/sessions/authenticate');
  });

  it('without a session cookie, ignores a stale mirror and lets the manager clear it', async () => {
    localStorage.setItem(KEY, stored());
    const { session, load, fetch, loaded } = setup();
    expect(session.getSync()).toBeNull();
    // Looked for once the page's script has run, so a mount right after is not kept waiting.
    expect(load).not.toHaveBeenCalled();
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    await loaded();
    expect(localStorage.getItem(KEY)).toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("touches no cookie, localStorage or storage event while the page's script creates the client, only right after", async () => {
    const getItem = vi.spyOn(window.localStorage, 'getItem');
    const listen = vi.spyOn(window, 'addEventListener');
    const cookies = fakeCookieDocument('localhost');
    const readCookies = vi.spyOn(cookies, 'cookie', 'get');
    const storageListeners = () => listen.mock.calls.filter(([type]) => type === 'storage');
    try {
      const { load } = setup({ cookies });
      expect(getItem).not.toHaveBeenCalled();
      expect(readCookies).not.toHaveBeenCalled();
      expect(storageListeners()).toEqual([]);
      await Promise.resolve();
      expect(getItem).toHaveBeenCalledWith(KEY);
      expect(readCookies).toHaveBeenCalled();
      expect(storageListeners()).toHaveLength(1);
      expect(load).not.toHaveBeenCalled(); // No mirror, no cookie: nothing to load.
    } finally {
      getItem.mockRestore();
      listen.mockRestore();
    }
  });

  it('loads for a custom API endpoint (HttpOnly cookies are invisible)', async () => {
    const { load } = setup({ customEndpoint: true });
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('honours renamed cookies', async () => {
    const cookies = fakeCookieDocument('localhost');
    cookies.cookie = 'my_session=tok';
    const { session, load } = setup({ cookies, cookieOptions: { opaqueTokenCookieName: 'my_session' } });
    await Promise.resolve();
    expect(load).toHaveBeenCalledTimes(1);
    expect(session.getTokens()).toEqual({ session_token: 'tok', session_jwt: '' });
  });

  it('a sign-in from the frame loads the manager and resolves once the cookies are written', async () => {
    const { session, load, document, loaded } = setup();
    const changes: (string | null)[] = [];
    session.onChange((s) => changes.push(s?.session_id ?? null));
    const written = session.update(authResponse('new'));
    expect(load).toHaveBeenCalledTimes(1);
    await loaded();
    await written;
    expect(document.jar.get('stytch_session')).toBe('new');
    expect(session.getSync()?.session_id).toBe('session-1');
    expect(changes).toEqual(['session-1']);
    await session.destroy();
    expect(document.jar.has('stytch_session')).toBe(false);
    expect(changes).toEqual(['session-1', null]);
  });

  it('follows a sign-in in another tab', async () => {
    const { session, load, document, loaded } = setup();
    const changes: (string | null)[] = [];
    session.onChange((s) => changes.push(s?.session_id ?? null));
    await Promise.resolve(); // The page's script has run; the other tab signs in later.
    document.cookie = 'stytch_session=other-tab';
    localStorage.setItem(KEY, stored('other-tab'));
    window.dispatchEvent(new StorageEvent('storage', { key: 'unrelated', newValue: '1' }));
    expect(load).not.toHaveBeenCalled();
    window.dispatchEvent(new StorageEvent('storage', { key: KEY, newValue: stored('other-tab') }));
    expect(load).toHaveBeenCalledTimes(1);
    await loaded();
    expect(changes).toEqual(['session-1']);
  });

  it('takes a redirect token out of the URL before the module loads, then redeems it', async () => {
    history.replaceState(null, '', '/landing?token=abc&stytch_token_type=magic_links&keep=1');
    const { session, fetch, loaded, document } = setup();
    const result = session.authenticateByUrl({ session_duration_minutes: 60 });
    expect(location.search).toBe('?keep=1');
    await loaded();
    await expect(result).resolves.toMatchObject({ session_token: 'refreshed' });
    expect(String(fetch.mock.calls[0]?.[0])).toContain('/magic_links/authenticate');
    expect(document.jar.get('stytch_session')).toBe('refreshed');
  });

  it('a module that fails to load fails the call, and the next call tries again', async () => {
    const { session, load, fetch, loaded } = setup();
    load.mockRejectedValueOnce(new TypeError('offline'));
    await expect(session.authenticate()).rejects.toThrow('offline');
    const retried = session.authenticate();
    await loaded();
    await expect(retried).resolves.toMatchObject({ session_token: 'refreshed' });
    expect(load).toHaveBeenCalledTimes(2);
    expect(fetch).toHaveBeenCalledTimes(1);
  });
});
