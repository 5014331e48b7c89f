import { afterEach, describe, expect, it, vi } from 'vitest';
import { getSessionManager } from '@latch/session';
import { authResponse } from '@latch/session/testing';
import { createLatchClient, type ClientEnv } from './createClient';
import { preconnect } from './preconnect';
import { fakeConnect } from './testing';

function env(): ClientEnv {
  return {
    scriptOrigin: 'http://localhost:4000',
    connect: fakeConnect().connect,
    loadSession: () => import('./sessionModule'),
  };
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('createLatchClient', () => {
  it('serves frames from the script origin by default', () => {
    document.body.innerHTML = '<div id="a"></div>';
    const client = createLatchClient('public-token-test-defaults', {}, env());
    const handle = client.mountLogin({
      elementId: '#a',
      config: { products: ['otp'], otpOptions: { methods: ['email'] } },
    });
    expect(handle.element.querySelector('iframe')?.src).toMatch(/^http:\/\/localhost:4000\/frame\/login\?/);
  });

  it('takes an authOrigin option and reduces it to an origin', () => {
    document.body.innerHTML = '<div id="a"></div>';
    const client = createLatchClient(
      'public-token-test-origin',
      { authOrigin: 'https://auth.example.com/some/path' },
      env(),
    );
    const handle = client.mountLogin({ elementId: '#a', config: { products: ['passwords'] } });
    expect(handle.element.querySelector('iframe')?.src).toMatch(
      /^https:\/\/auth\.example\.com\/frame\/login\?/,
    );
    expect(handle.element.querySelector('iframe')?.getAttribute('allow')).toContain(
      'publickey-credentials-get https://auth.example.com;',
    );
  });

  it('refuses a missing token and non-http origins', () => {
    expect(() => createLatchClient('', {}, env())).toThrow(TypeError);
    expect(() => createLatchClient('t', { authOrigin: 'javascript:alert(1)' }, env())).toThrow(/authOrigin/);
    expect(() => createLatchClient('t', { apiBaseUrl: 'ftp://x' }, env())).toThrow(/apiBaseUrl/);
  });

  it('refuses unknown and malformed options, naming them', () => {
    const bad = (options: unknown) => () =>
      createLatchClient('t', options as Parameters<typeof createLatchClient>[1], env());
    expect(bad({ authOrign: 'http://localhost:4000' })).toThrow(
      new TypeError('Latch: invalid createClient option authOrign: unknown option'),
    );
    expect(bad({ cookieOptions: 'stytch_session' })).toThrow(
      new TypeError('Latch: invalid createClient option cookieOptions: expected an object'),
    );
    expect(bad({ authOrigin: 'https://user:pw@auth.example.com' })).toThrow(
      new TypeError('Latch: invalid createClient option authOrigin: expected an http(s) URL'),
    );
    expect(bad('http://localhost:4000')).toThrow(
      new TypeError('Latch: invalid createClient option value: expected an object, got string'),
    );
  });

  it('exposes the session API and nothing that writes it', () => {
    const client = createLatchClient('public-token-test-session', {}, env());
    expect(Object.keys(client.session).sort()).toEqual([
      'authenticate',
      'getInfo',
      'getSync',
      'getTokens',
      'onChange',
      'revoke',
    ]);
    expect(client.session.getSync()).toBeNull();
    expect(client.session.getTokens()).toBeNull();
  });
});

describe('the lazily loaded session module', () => {
  afterEach(() => {
    document.cookie = 'stytch_session=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    localStorage.clear();
  });

  it('is not requested on a page without a session', () => {
    const loadSession = vi.fn(env().loadSession);
    createLatchClient('public-token-test-lazy-none', {}, { ...env(), loadSession });
    expect(loadSession).not.toHaveBeenCalled();
  });

  it('is requested from the auth origin when a session cookie exists, and then serves the session API', async () => {
    document.cookie = 'stytch_session=tok; path=/';
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json(
        { status_code: 500, request_id: 'r', error_type: 'x', error_message: 'x', error_url: '' },
        { status: 500 },
      ),
    );
    const loadSession = vi.fn(env().loadSession);
    const client = createLatchClient(
      'public-token-test-lazy-cookie',
      { authOrigin: 'https://auth.example.com' },
      { ...env(), loadSession },
    );
    await Promise.resolve(); // Looked for once the page's script has run.
    expect(loadSession).toHaveBeenCalledWith('https://auth.example.com');
    expect(client.session.getTokens()).toEqual({ session_token: 'tok', session_jwt: '' });
    vi.stubGlobal('fetch', fetch);
    try {
      // The manager refreshes at start and again on authenticate(); both reach the provider.
      await expect(client.session.authenticate()).rejects.toMatchObject({ error_type: 'x' });
      expect(fetch.mock.calls.map(([url]) => String(url))).toContain(
        'https://auth.example.com/sdk/v1/sessions/authenticate',
      );
    } finally {
      vi.unstubAllGlobals();
      // The tab-wide registry hands back the manager the client started; stop its timers.
      getSessionManager({ publicToken: 'public-token-test-lazy-cookie', apiBaseUrl: '' }).dispose();
    }
  });

  it('is shared by clients with the same public token, so each hears the other sign in', async () => {
    const token = 'public-token-test-lazy-shared';
    const { session_token, session_jwt, session, user } = authResponse('shared');
    const fetch = vi.fn<typeof globalThis.fetch>(async () =>
      Response.json({
        data: {
          request_id: 'r',
          status_code: 200,
          user_id: 'user-1',
          user,
          session,
          session_token,
          session_jwt,
        },
      }),
    );
    vi.stubGlobal('fetch', fetch);
    try {
      const first = createLatchClient(token, {}, env());
      const second = createLatchClient(token, {}, env());
      const changes: (string | null)[] = [];
      second.session.onChange((s) => changes.push(s?.session_id ?? null));
      await first.session.authenticate();
      expect(changes).toEqual(['session-1']);
      expect(second.session.getSync()?.session_id).toBe('session-1');
    } finally {
      vi.unstubAllGlobals();
      getSessionManager({ publicToken: token, apiBaseUrl: '' }).destroy();
      getSessionManager({ publicToken: token, apiBaseUrl: '' }).dispose();
    }
  });

  it('is requested when the host calls a session method that needs the provider', async () => {
    const loadSession = vi.fn(() => Promise.reject(new TypeError('offline')));
    const client = createLatchClient('public-token-test-lazy-revoke', {}, { ...env(), loadSession });
    expect(loadSession).not.toHaveBeenCalled();
    await expect(client.session.revoke()).rejects.toThrow('offline');
    expect(loadSession).toHaveBeenCalledTimes(1);
  });
});

describe('preconnect', () => {
  it('adds one preconnect link to another origin', () => {
    preconnect('http://localhost:4000');
    preconnect('http://localhost:4000');
    preconnect(location.origin);
    const links = document.querySelectorAll('link[rel=preconnect]');
    expect(links).toHaveLength(1);
    expect(links[0]?.getAttribute('href')).toBe('http://localhost:4000');
  });
});
