import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createSessionManager, type SessionManagerOptions } from './sessionManager';
import { stateKey } from './stateStorage';
import { authResponse, fakeCookieDocument, fakeLocks, stubFetch } from './testing';

const TOKEN = 'public-token-test-abc';
const managers: { dispose(): void }[] = [];

function start(
  fetchImpl: typeof fetch,
  options: Partial<Omit<SessionManagerOptions, 'document'>> & {
    document?: ReturnType<typeof fakeCookieDocument>;
  } = {},
) {
  const document = options.document ?? fakeCookieDocument('localhost');
  const manager = createSessionManager({
    publicToken: TOKEN,
    apiBaseUrl: 'http://localhost:4000',
    fetch: fetchImpl,
    document,
    locks: null,
    random: () => 0.5, // no jitter
    ...options,
  });
  managers.push(manager);
  return { manager, document };
}

const calls = (f: ReturnType<typeof stubFetch>) =>
  f.mock.calls.map(([url]) => String(url).replace('http://localhost:4000/sdk/v1', ''));

beforeEach(() => {
  vi.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
  localStorage.clear();
});
afterEach(() => {
  managers.splice(0).forEach((m) => m.dispose());
  vi.useRealTimers();
});

describe('session writes', () => {
  it('an update writes both cookies with the session expiry and clears the intermediate token', () => {
    const { manager, document } = start(stubFetch({ data: {} }));
    manager.setIntermediateToken('ist');
    expect(document.jar.get('stytch_intermediate_session_token')).toBe('ist');
    expect(document.writes.at(-3)).toMatch(/expires=Tue, 01 Jan 2030 00:10:00 GMT/); // 10 minutes
    manager.update(authResponse());
    expect(document.jar.get('stytch_session')).toBe('token-1');
    expect(document.jar.get('stytch_session_jwt')).toBe('jwt-token-1');
    expect(document.jar.has('stytch_intermediate_session_token')).toBe(false);
    expect(document.writes.find((w) => w.startsWith('stytch_session=token-1'))).toContain(
      'expires=Tue, 01 Jan 2030 00:30:00 GMT; SameSite=Lax',
    );
    expect(manager.getTokens()).toEqual({ session_token: 'token-1', session_jwt: 'jwt-token-1' });
    expect(manager.getSync()?.session_id).toBe('session-1');
    expect(JSON.parse(localStorage.getItem(stateKey(TOKEN)) ?? '').user.user_id).toBe('user-1');
  });

  it('an intermediate token written alone clears the session', () => {
    const { manager, document } = start(stubFetch({ data: {} }));
    manager.update(authResponse());
    const onChange = vi.fn();
    manager.onChange(onChange);
    manager.setIntermediateToken('ist');
    expect(document.jar.has('stytch_session')).toBe(false);
    expect(document.jar.has('stytch_session_jwt')).toBe(false);
    expect(manager.getSync()).toBeNull();
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('writes Secure cookies with a domain on a real host when asked', () => {
    const document = fakeCookieDocument('app.example.com');
    const { manager } = start(stubFetch({ data: {} }), {
      document,
      cookieOptions: { availableToSubdomains: true, domain: 'example.com' },
    });
    manager.update(authResponse());
    expect(document.writes.find((w) => w.startsWith('stytch_session=token-1'))).toMatch(
      /; Secure; domain=example\.com$/,
    );
  });
});

describe('start-up', () => {
  it('without a session cookie, forgets a stored state and makes no call', () => {
    localStorage.setItem(
      stateKey(TOKEN),
      JSON.stringify({ user: authResponse().user, session: authResponse().session }),
    );
    const fetchImpl = stubFetch({ data: {} });
    const { manager } = start(fetchImpl);
    expect(manager.getSync()).toBeNull();
    expect(localStorage.getItem(stateKey(TOKEN))).toBeNull();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('with a session cookie, refreshes at once using the token', async () => {
    const document = fakeCookieDocument('localhost');
    document.cookie = 'stytch_session=token-1';
    const fetchImpl = stubFetch({ data: authResponse('token-1') });
    const { manager } = start(fetchImpl, { document });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(fetchImpl)).toEqual(['/sessions/authenticate']);
    const headers = new Headers(fetchImpl.mock.calls[0]?.[1]?.headers);
    expect(headers.get('Authorization')).toBe(`Basic ${btoa(`${TOKEN}:token-1`)}`);
    expect(manager.getSync()?.session_id).toBe('session-1');
  });

  it('with a custom endpoint and no cookie, still refreshes (HttpOnly cookies are invisible)', async () => {
    const fetchImpl = stubFetch({ error_type: 'unauthorized_credentials' });
    start(fetchImpl, { customEndpoint: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(calls(fetchImpl)).toEqual(['/sessions/authenticate']);
  });
});

describe('background refresh', () => {
  it('runs every 3 minutes while a session exists', async () => {
    const fetchImpl = stubFetch({ data: authResponse('token-1') });
    const { manager } = start(fetchImpl);
    manager.update(authResponse('token-1'));
    await vi.advanceTimersByTimeAsync(3 * 60_000 - 1);
    expect(fetchImpl).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    manager.destroy();
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('retries transient errors with backoff 4 s, 8 s, 16 s … capped at 256 s', async () => {
    const fetchImpl = stubFetch({ error_type: 'internal_server_error', status: 500 });
    const { manager } = start(fetchImpl);
    manager.update(authResponse());
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    const delays = [4, 8, 16, 32, 64, 128, 256, 256, 256];
    for (const [i, seconds] of delays.entries()) {
      await vi.advanceTimersByTimeAsync(seconds * 1000 - 1);
      expect(fetchImpl).toHaveBeenCalledTimes(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      expect(fetchImpl).toHaveBeenCalledTimes(i + 2);
    }
    expect(manager.getSync()).not.toBeNull();
  });

  it('adds at most 175 ms of jitter', async () => {
    const fetchImpl = stubFetch({ error_type: 'internal_server_error', status: 500 });
    const { manager } = start(fetchImpl, { random: () => 0 });
    manager.update(authResponse());
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    await vi.advanceTimersByTimeAsync(4000 - 175 - 1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('returns to the 3-minute cadence after a success', async () => {
    const fetchImpl = stubFetch({ error_type: 'too_many_requests', status: 429 }, { data: authResponse() });
    const { manager } = start(fetchImpl);
    manager.update(authResponse());
    await vi.advanceTimersByTimeAsync(3 * 60_000 + 4000);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(3);
  });

  it.each([
    'unauthorized_credentials',
    'user_unauthenticated',
    'invalid_secret_authentication',
    'session_not_found',
  ])('%s ends the session', async (error_type) => {
    const fetchImpl = stubFetch({ error_type, status: 404 });
    const { manager, document } = start(fetchImpl);
    manager.update(authResponse());
    const onChange = vi.fn();
    manager.onChange(onChange);
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(onChange).toHaveBeenCalledWith(null);
    expect(manager.getSync()).toBeNull();
    expect(document.jar.size).toBe(0);
    expect(localStorage.getItem(stateKey(TOKEN))).toBeNull();
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
  });

  it('refreshes in one tab only when Web Locks are shared', async () => {
    const locks = fakeLocks();
    const document = fakeCookieDocument('localhost');
    const first = stubFetch({ data: authResponse() });
    const second = stubFetch({ data: authResponse() });
    const a = start(first, { locks, document }).manager;
    start(second, { locks, document });
    a.update(authResponse());
    await vi.advanceTimersByTimeAsync(9 * 60_000);
    expect(first).toHaveBeenCalledTimes(3);
    expect(second).not.toHaveBeenCalled();
    a.dispose(); // the leader's tab closes: the next in line takes over
    await vi.advanceTimersByTimeAsync(3 * 60_000);
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('cross-tab sync', () => {
  const fire = (key: string, newValue: string | null) =>
    window.dispatchEvent(new StorageEvent('storage', { key, newValue, storageArea: localStorage }));

  it('follows storage events for its key, ignoring last_accessed_at, other keys and malformed values', () => {
    const { manager } = start(stubFetch({ data: {} }));
    const onChange = vi.fn();
    manager.onChange(onChange);
    const signedIn = authResponse();
    fire(stateKey(TOKEN), JSON.stringify({ user: signedIn.user, session: signedIn.session }));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(manager.getSync()?.session_id).toBe('session-1');

    const bumped = authResponse('token-1', { last_accessed_at: '2030-01-01T00:05:00Z' });
    fire(stateKey(TOKEN), JSON.stringify({ user: bumped.user, session: bumped.session }));
    expect(onChange).toHaveBeenCalledTimes(1);

    fire(stateKey(TOKEN), '{not json');
    fire(stateKey(TOKEN), JSON.stringify({ user: 'x', session: {} }));
    fire(stateKey(TOKEN), JSON.stringify([1, 2]));
    fire('stytch_sdk_state_other-token', null);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(manager.getSync()).not.toBeNull();

    fire(stateKey(TOKEN), null);
    expect(onChange).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(manager.getSync()).toBeNull();
  });

  it('does not notify when an update only bumps last_accessed_at', () => {
    const { manager } = start(stubFetch({ data: {} }));
    manager.update(authResponse());
    const onChange = vi.fn();
    manager.onChange(onChange);
    manager.update(authResponse('token-1', { last_accessed_at: '2030-01-01T00:03:00Z' }));
    expect(onChange).not.toHaveBeenCalled();
    manager.update(authResponse('token-2', { session_id: 'session-2' }));
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});

describe('authenticate and revoke', () => {
  it('authenticate extends the session and writes the answer', async () => {
    const fetchImpl = stubFetch({ data: authResponse('token-1', { expires_at: '2030-01-01T01:00:00Z' }) });
    const { manager, document } = start(fetchImpl);
    manager.update(authResponse());
    await manager.authenticate({ session_duration_minutes: 60 });
    expect(JSON.parse(String(fetchImpl.mock.calls[0]?.[1]?.body))).toEqual({ session_duration_minutes: 60 });
    expect(document.writes.at(-3)).toContain('expires=Tue, 01 Jan 2030 01:00:00 GMT');
  });

  it('revoke calls the provider then forgets the session', async () => {
    const fetchImpl = stubFetch({ data: {} });
    const { manager, document } = start(fetchImpl);
    manager.update(authResponse());
    await manager.revoke();
    expect(calls(fetchImpl)).toEqual(['/sessions/revoke']);
    expect(manager.getSync()).toBeNull();
    expect(document.jar.size).toBe(0);
  });

  it('revoke keeps the session on a transient failure unless forceClear', async () => {
    const { manager } = start(stubFetch({ error_type: 'internal_server_error', status: 500 }));
    manager.update(authResponse());
    await expect(manager.revoke()).rejects.toThrow();
    expect(manager.getSync()).not.toBeNull();
    await expect(manager.revoke({ forceClear: true })).rejects.toThrow();
    expect(manager.getSync()).toBeNull();
  });
});
