import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLatchClient } from './createClient';
import { EARLY_HEIGHT } from '@latch/protocol';
import { HANDSHAKE_GRACE_MS } from './mountFrame';
import { authResponse } from '@latch/session/testing';
import { callRaw, fakeConnect, fakeSession } from './testing';

const AUTH = 'http://localhost:4000';
const config = { products: ['emailMagicLinks' as const] };

function setup(fetchImpl?: typeof fetch) {
  const pen = fakeConnect();
  const session = fakeSession();
  const navigateTo = vi.fn();
  const client = createLatchClient(
    'public-token-test-1',
    {},
    // The fake session stands in for the manager; the loader only uses the methods it picks.
    {
      scriptOrigin: AUTH,
      connect: pen.connect,
      session: {
        ...session,
        getSync: () => null,
        getInfo: () => null,
        authenticate: vi.fn(),
        revoke: vi.fn(),
        authenticateByUrl: vi.fn(),
      },
      loadSession: () => Promise.reject(new Error('the fake session needs no module')),
      navigateTo,
      ...(fetchImpl ? { fetch: fetchImpl } : {}),
    },
  );
  return { pen, session, client, navigateTo };
}

beforeEach(() => {
  document.body.innerHTML = '<div id="login"></div>';
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('mountLogin', () => {
  it('throws naming a selector that matches nothing, and an invalid one', () => {
    const { client } = setup();
    expect(() => client.mountLogin({ elementId: '#missing', config })).toThrow(/#missing/);
    expect(() => client.mountLogin({ elementId: '#[', config })).toThrow(/#\[/);
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('throws a TypeError naming a bad config path', () => {
    const { client } = setup();
    // @ts-expect-error: hosts without TypeScript can pass anything.
    expect(() => client.mountLogin({ elementId: '#login', config: { products: ['sms'] } })).toThrow(
      TypeError,
    );
    // @ts-expect-error: as above.
    expect(() => client.mountLogin({ elementId: '#login', config: { products: ['sms'] } })).toThrow(
      /config\.products\[0\]/,
    );
  });

  it('creates one custom element owning a sandboxed iframe on the auth origin', () => {
    const { client, pen } = setup();
    const handle = client.mountLogin({
      elementId: '#login',
      config,
      styles: { container: { width: '480px' } },
    });
    const element = document.querySelector('#login > stytch-ui');
    expect(element).toBe(handle.element);
    const iframe = element?.querySelector('iframe');
    expect(iframe).toBeTruthy();
    expect(iframe?.getAttribute('sandbox')).toBe(
      'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox',
    );
    expect(iframe?.getAttribute('allow')).toBe(
      `publickey-credentials-get ${AUTH}; publickey-credentials-create ${AUTH}; identity-credentials-get ${AUTH}; otp-credentials ${AUTH}; clipboard-write ${AUTH}`,
    );
    expect(iframe?.getAttribute('referrerpolicy')).toBe('strict-origin');
    expect(iframe?.getAttribute('title')).toBe('Sign up or log in');
    const src = new URL(iframe?.getAttribute('src') ?? '');
    expect(src.origin).toBe(AUTH);
    expect(src.pathname).toBe('/frame/login');
    expect(src.searchParams.get('public_token')).toBe('public-token-test-1');
    expect(JSON.parse(src.searchParams.get('config') ?? '')).toEqual(config);
    expect(JSON.parse(src.searchParams.get('styles') ?? '')).toEqual({ container: { width: '480px' } });
    expect(iframe?.style.maxWidth).toBe('480px');
    expect(iframe?.style.getPropertyValue('color-scheme')).toBe('light');
    expect(pen.connections).toHaveLength(1);
  });

  it('uses the custom element names per kind', () => {
    const { client } = setup();
    client.mountResetPassword({ elementId: '#login', config, passwordResetToken: 't' });
    client.mountPasskeyRegistration({ elementId: '#login', config });
    client.mountIdentityProvider({ elementId: '#login' });
    const names = Array.from(document.querySelectorAll('#login > *')).map((e) => e.localName);
    expect(names).toEqual([
      'stytch-reset-password',
      'stytch-passkey-registration',
      'stytch-identity-provider',
    ]);
  });

  it('updates in place when mounted again into the same element', async () => {
    const { client, pen } = setup();
    const first = client.mountLogin({ elementId: '#login', config });
    pen.connections[0]?.connect();
    await Promise.resolve();
    const second = client.mountLogin({
      elementId: '#login',
      config: { products: ['otp'], otpOptions: { methods: ['sms'] } },
    });
    expect(second).toBe(first);
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(pen.connections).toHaveLength(1);
    expect(pen.frame.update).toHaveBeenCalledTimes(1);
    expect(pen.frame.update.mock.calls[0]?.[0].config).toEqual({
      products: ['otp'],
      otpOptions: { methods: ['sms'] },
    });
  });

  it('answers ready with the mount state and follows later mounts', async () => {
    const { client, pen, session } = setup();
    session.token = 'tok';
    client.mountResetPassword({
      elementId: '#login',
      config,
      passwordResetToken: 'reset',
      strings: { 'login.title': 'b' },
      autoFocus: true,
    });
    const state = await pen.connections[0]?.methods.ready({ protocolVersion: 1 });
    expect(state).toMatchObject({
      protocolVersion: 1,
      kind: 'reset-password',
      config,
      strings: { 'login.title': 'b' },
      session: { session_token: 'tok', session_jwt: 'jwt' },
      passwordResetToken: 'reset',
      hasConsentManifest: false,
      autoFocus: true,
      hostSearch: location.search,
    });
  });

  it('unmount removes the element and destroys the connection', () => {
    const { client, pen } = setup();
    const unmount = client.mountLogin({ elementId: '#login', config });
    unmount();
    expect(document.querySelector('stytch-ui')).toBeNull();
    expect(pen.connections[0]?.destroy).toHaveBeenCalledTimes(1);
    unmount();
    expect(pen.connections[0]?.destroy).toHaveBeenCalledTimes(1);
    client.mountLogin({ elementId: '#login', config });
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
    expect(pen.connections).toHaveLength(2);
  });

  it('releases the connection when the host removes the element itself', async () => {
    const { client, pen } = setup();
    client.mountLogin({ elementId: '#login', config });
    document.getElementById('login')?.replaceChildren();
    await Promise.resolve();
    expect(pen.connections[0]?.destroy).toHaveBeenCalled();
  });

  it('delivers events to onEvent and as a stytch-event DOM event', async () => {
    const { client, pen } = setup();
    const onEvent = vi.fn();
    const handle = client.mountLogin({ elementId: '#login', config, callbacks: { onEvent } });
    const dom = vi.fn();
    handle.element.addEventListener('stytch-event', dom);
    await pen.connections[0]?.methods.emitEvent({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: { a: 1 } });
    expect(onEvent).toHaveBeenCalledWith({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: { a: 1 } });
    const event = dom.mock.calls[0]?.[0];
    expect(event.detail).toEqual({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: { a: 1 } });
    expect(event.stytchEventType).toBe('AUTHENTICATE_FLOW_COMPLETE');
    expect(event.stytchEventData).toEqual({ a: 1 });
    expect(event.composed).toBe(true);
  });

  it('reports errors, escape and invalid messages (the latter once)', async () => {
    const { client, pen } = setup();
    const onError = vi.fn();
    const onEscape = vi.fn();
    const handle = client.mountLogin({ elementId: '#login', config, callbacks: { onError, onEscape } });
    const domError = vi.fn();
    const domEscape = vi.fn();
    handle.element.addEventListener('stytch-error', domError);
    handle.element.addEventListener('stytch-escape', domEscape);
    const methods = pen.connections[0]?.methods;
    await methods?.reportError({ message: 'Bad', error_type: 'invalid_email' });
    expect(onError).toHaveBeenLastCalledWith({ message: 'Bad', error_type: 'invalid_email' });
    expect(domError.mock.calls[0]?.[0].detail).toEqual({ message: 'Bad', error_type: 'invalid_email' });
    await methods?.escape({});
    expect(onEscape).toHaveBeenCalledTimes(1);
    expect(domEscape).toHaveBeenCalledTimes(1);
    if (!methods) throw new Error('not connected');
    await expect(callRaw(methods, 'resize', { height: 'tall' })).rejects.toThrow();
    await expect(callRaw(methods, 'resize', { height: 'taller' })).rejects.toThrow();
    expect(onError).toHaveBeenCalledTimes(2);
    expect(onError.mock.calls[1]?.[0].message).toMatch(/invalid resize request/);
  });

  it('sets the iframe height only when it changes', async () => {
    const { client, pen } = setup();
    const handle = client.mountLogin({ elementId: '#login', config });
    const iframe = handle.element.querySelector('iframe');
    await pen.connections[0]?.methods.resize({ height: 300.2 });
    expect(iframe?.style.height).toBe('301px');
    iframe?.style.setProperty('height', '5px'); // a marker: an unchanged height must not be written again
    await pen.connections[0]?.methods.resize({ height: 300.9 });
    expect(iframe?.style.height).toBe('5px');
    await pen.connections[0]?.methods.resize({ height: 280 });
    expect(iframe?.style.height).toBe('280px');
  });

  it('navigates only to allowed URLs', async () => {
    const { client, pen, navigateTo } = setup();
    client.mountLogin({ elementId: '#login', config });
    const methods = pen.connections[0]?.methods;
    await expect(methods?.navigate({ url: 'javascript:alert(1)', reason: 'flow_redirect' })).resolves.toEqual(
      { accepted: false },
    );
    await expect(
      methods?.navigate({ url: 'https://evil.example/', reason: 'flow_redirect' }),
    ).resolves.toEqual({ accepted: false });
    expect(navigateTo).not.toHaveBeenCalled();
    const start = `${AUTH}/v1/public/oauth/google/start?public_token=x`;
    await expect(methods?.navigate({ url: start, reason: 'oauth_start' })).resolves.toEqual({
      accepted: true,
    });
    expect(navigateTo).toHaveBeenCalledWith(start);
  });

  it('writes sessions from the frame and pushes other changes to it', async () => {
    const { client, pen, session } = setup();
    client.mountLogin({ elementId: '#login', config });
    pen.connections[0]?.connect();
    await pen.connections[0]?.methods.ready({ protocolVersion: 1 });
    await pen.connections[0]?.methods.clearSession({});
    expect(session.destroy).toHaveBeenCalled();
    session.emit();
    expect(pen.frame.sessionChanged).not.toHaveBeenCalled(); // the frame already knows
    session.token = 'other-tab';
    session.emit();
    expect(pen.frame.sessionChanged).toHaveBeenCalledWith({
      session: { session_token: 'other-tab', session_jwt: 'jwt' },
    });
  });

  it('delivers events and navigations only after a pending session write', async () => {
    const { client, pen, session, navigateTo } = setup();
    let finishWrite: () => void = () => {};
    session.update.mockImplementationOnce(
      (u) =>
        new Promise<void>((resolve) => {
          finishWrite = () => {
            session.token = u.session_token;
            resolve();
          };
        }),
    );
    const onEvent = vi.fn();
    client.mountLogin({ elementId: '#login', config, callbacks: { onEvent } });
    pen.connections[0]?.connect();
    const methods = pen.connections[0]?.methods;
    const { session_token, session_jwt, session: signedIn, user } = authResponse('tok');
    const update = { session_token, session_jwt, session: signedIn, user };
    // A frame that does not await setSession before reporting the sign-in.
    const written = methods?.setSession(update);
    const event = methods?.emitEvent({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} });
    const navigated = methods?.navigate({ url: `${location.origin}/account`, reason: 'flow_redirect' });
    await Promise.resolve();
    await Promise.resolve();
    expect(onEvent).not.toHaveBeenCalled();
    expect(navigateTo).not.toHaveBeenCalled();
    finishWrite();
    await Promise.all([written, event, navigated]);
    expect(session.token).toBe('tok');
    expect(onEvent).toHaveBeenCalledTimes(1);
    expect(navigateTo).toHaveBeenCalledWith(`${location.origin}/account`);
  });

  it('focus() focuses the frame once connected', async () => {
    const { client, pen } = setup();
    const handle = client.mountLogin({ elementId: '#login', config });
    handle.focus();
    expect(pen.frame.focus).not.toHaveBeenCalled();
    pen.connections[0]?.connect();
    await Promise.resolve();
    await Promise.resolve();
    expect(pen.frame.focus).toHaveBeenCalledWith({});
    handle.element.focus();
    expect(pen.frame.focus).toHaveBeenCalledTimes(2);
  });
});

/** A fetch the provider answers as it does for a page whose origin is not authorized. */
const refused = () =>
  vi.fn<typeof fetch>(async () =>
    Response.json(
      {
        status_code: 400,
        request_id: 'r',
        error_type: 'bad_domain_for_stytch_sdk',
        error_message: 'This origin is not authorized.',
        error_url: 'u',
      },
      { status: 400 },
    ),
  );

describe('a refused mount', () => {
  it('explains the refusal once, 1500 ms after the frame loaded', async () => {
    vi.useFakeTimers();
    const fetchImpl = refused();
    const { client, pen } = setup(fetchImpl);
    const onError = vi.fn();
    const handle = client.mountLogin({ elementId: '#login', config, callbacks: { onError } });
    const dom = vi.fn();
    handle.element.addEventListener('stytch-error', dom);
    handle.element.querySelector('iframe')?.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(HANDSHAKE_GRACE_MS - 1);
    expect(fetchImpl).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledWith(`${AUTH}/sdk/v1/projects/bootstrap/public-token-test-1`, {
      credentials: 'omit',
    });
    pen.connections[0]?.fail();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith({
      message: 'This origin is not authorized.',
      error_type: 'bad_domain_for_stytch_sdk',
      status_code: 400,
    });
    expect(dom).toHaveBeenCalledTimes(1);
    expect(handle.element.querySelector('iframe')?.hidden).toBe(true);
  });

  it('falls back to a generic message when the channel fails', async () => {
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json({ data: {} }));
    const { client, pen } = setup(fetchImpl);
    const onError = vi.fn();
    client.mountLogin({ elementId: '#login', config, callbacks: { onError } });
    pen.connections[0]?.fail();
    await vi.waitFor(() => expect(onError).toHaveBeenCalled());
    expect(onError).toHaveBeenCalledWith({ message: `The Latch widget could not connect to ${AUTH}.` });
  });

  it('keeps a slow frame the provider serves shown, and reports it only after the longer wait', async () => {
    vi.useFakeTimers();
    const fetchImpl = vi.fn<typeof fetch>(async () => Response.json({ data: {} }));
    const { client } = setup(fetchImpl);
    const onError = vi.fn();
    const handle = client.mountLogin({ elementId: '#login', config, callbacks: { onError } });
    const iframe = handle.element.querySelector('iframe');
    iframe?.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(HANDSHAKE_GRACE_MS);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(onError).not.toHaveBeenCalled();
    expect(iframe?.hidden).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
    expect(onError).toHaveBeenCalledWith({ message: `The Latch widget could not connect to ${AUTH}.` });
    expect(iframe?.hidden).toBe(true);
  });

  it('keeps the frame shown for the longer wait when the refusal check itself fails', async () => {
    vi.useFakeTimers();
    const answers = [
      () => Promise.reject(new TypeError('Failed to fetch')),
      async () => Response.json({ status_code: 429, error_type: 'too_many_requests' }, { status: 429 }),
      async () => new Response('Bad gateway', { status: 502 }),
    ];
    for (const answer of answers) {
      const fetchImpl = vi.fn<typeof fetch>(answer);
      const { client } = setup(fetchImpl);
      const onError = vi.fn();
      const handle = client.mountLogin({ elementId: '#login', config, callbacks: { onError } });
      const iframe = handle.element.querySelector('iframe');
      iframe?.dispatchEvent(new Event('load'));
      await vi.advanceTimersByTimeAsync(HANDSHAKE_GRACE_MS + 9_999);
      expect(fetchImpl).toHaveBeenCalledTimes(1);
      expect(onError).not.toHaveBeenCalled();
      expect(iframe?.hidden).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(onError).toHaveBeenCalledWith({ message: `The Latch widget could not connect to ${AUTH}.` });
      handle.unmount();
    }
  });

  it('stays quiet when the handshake completes', async () => {
    vi.useFakeTimers();
    const fetchImpl = refused();
    const { client, pen } = setup(fetchImpl);
    const onError = vi.fn();
    const handle = client.mountLogin({ elementId: '#login', config, callbacks: { onError } });
    pen.connections[0]?.connect();
    await vi.advanceTimersByTimeAsync(0);
    handle.element.querySelector('iframe')?.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(20_000);
    expect(fetchImpl).not.toHaveBeenCalled();
    expect(onError).not.toHaveBeenCalled();
  });
});

describe('a drawn frame (its document reported its height)', () => {
  /** What the frame document's inline script posts to the host page. */
  const report = (iframe: HTMLIFrameElement, height: number, origin = AUTH, source = iframe.contentWindow) =>
    window.dispatchEvent(
      new MessageEvent('message', { data: { type: EARLY_HEIGHT, height }, origin, source }),
    );
  const notRefused = () => vi.fn<typeof fetch>(async () => Response.json({ data: {} }));
  /** A login mount and its iframe; `onError` hears what it reports. */
  const mountLogin = (fetchImpl?: typeof fetch) => {
    const { client, pen } = setup(fetchImpl);
    const onError = vi.fn();
    const handle = client.mountLogin({ elementId: '#login', config, callbacks: { onError } });
    const iframe = handle.element.querySelector('iframe');
    if (!iframe) throw new Error('no iframe');
    return { handle, iframe, onError, pen };
  };

  it('is sized by loader.js before the channel is up, and stays shown when reported unanswered', async () => {
    vi.useFakeTimers();
    const fetchImpl = notRefused();
    const { iframe, onError } = mountLogin(fetchImpl);
    report(iframe, 312.4);
    expect(iframe.style.height).toBe('313px');
    iframe.dispatchEvent(new Event('load'));
    // Drawn: the longer wait from the start; the provider says it serves this page, so it is unanswered.
    await vi.advanceTimersByTimeAsync(9_999);
    expect(fetchImpl).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchImpl).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledWith({ message: `The Latch widget could not connect to ${AUTH}.` });
    expect(onError).toHaveBeenCalledTimes(1);
    // Its form is usable (what is typed is kept), and it connects when its channel comes.
    expect(iframe.hidden).toBe(false);
    report(iframe, 400);
    expect(iframe.style.height).toBe('400px');
  });

  it('ignores a report from another origin, from another window and from the host page itself', async () => {
    vi.useFakeTimers();
    const fetchImpl = refused();
    const { iframe, onError } = mountLogin(fetchImpl);
    const stranger = document.createElement('iframe');
    document.body.append(stranger);
    report(iframe, 300, 'https://evil.example');
    report(iframe, 300, `${AUTH}0`);
    report(iframe, 300, AUTH, stranger.contentWindow);
    report(iframe, 300, AUTH, window);
    expect(iframe.style.height).toBe('');
    // Still taken for a refused frame: the short wait, then reported and hidden.
    iframe.dispatchEvent(new Event('load'));
    await vi.advanceTimersByTimeAsync(HANDSHAKE_GRACE_MS);
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ error_type: 'bad_domain_for_stytch_sdk' });
    expect(iframe.hidden).toBe(true);
  });

  it('is sized over the channel once it is up, no longer by the early report', async () => {
    const { iframe, pen } = mountLogin();
    report(iframe, 200);
    pen.connections[0]?.connect();
    await new Promise((resolve) => setTimeout(resolve, 0));
    report(iframe, 900);
    expect(iframe.style.height).toBe('200px');
  });

  it('stops listening when unmounted', () => {
    const { handle, iframe } = mountLogin();
    const source = iframe.contentWindow;
    handle.unmount();
    report(iframe, 250, AUTH, source);
    expect(iframe.style.height).toBe('');
  });
});
