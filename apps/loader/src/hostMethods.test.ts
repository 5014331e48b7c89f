import { describe, expect, it, vi } from 'vitest';
import type { HostMethods, MountState } from '@latch/protocol';
import { createHostMethods, type HostContext } from './hostMethods';
import { callRaw } from './testing';

const state: MountState = {
  protocolVersion: 1,
  kind: 'login',
  config: { products: [] },
  styles: {},
  strings: {},
  session: null,
  hostSearch: '',
  hasConsentManifest: false,
  autoFocus: false,
};

function setup() {
  const ctx = {
    mountState: vi.fn(() => state),
    resize: vi.fn(),
    emitEvent: vi.fn(),
    reportError: vi.fn(),
    setSession: vi.fn(),
    clearSession: vi.fn(),
    navigate: vi.fn(async () => true),
    escape: vi.fn(),
    invalid: vi.fn(),
  } satisfies HostContext;
  const host = createHostMethods(ctx);
  const call = (name: keyof HostMethods, arg: unknown) => callRaw(host, name, arg);
  return { ctx, call };
}

const session = {
  session_token: 'tok',
  session_jwt: 'jwt',
  session: {
    session_id: 's',
    user_id: 'u',
    started_at: 'a',
    last_accessed_at: 'b',
    expires_at: 'c',
    attributes: {},
    authentication_factors: [],
    custom_claims: {},
    roles: [],
  },
  user: { user_id: 'u' },
};

describe('createHostMethods', () => {
  it.each([
    ['ready', { protocolVersion: 'one' }],
    ['resize', { height: -5 }],
    ['resize', { height: Number.NaN }],
    ['resize', null],
    ['emitEvent', { type: 'NOT_AN_EVENT', data: {} }],
    ['emitEvent', { type: 'PASSKEY_DONE', data: { fn: () => 1 } }],
    ['reportError', { message: 42 }],
    ['setSession', { ...session, session_token: 7 }],
    ['setSession', { session_token: 'tok' }],
    ['clearSession', { extra: true }],
    ['navigate', { url: 'https://x', reason: 'because' }],
    ['escape', 'now'],
  ] as const)('%s rejects %o without acting on it', async (method, arg) => {
    const { ctx, call } = setup();
    await expect(call(method, arg)).rejects.toThrow(TypeError);
    expect(ctx.invalid).toHaveBeenCalledTimes(1);
    expect(ctx.invalid.mock.calls[0]?.[0]).toContain(method);
    for (const action of [
      ctx.mountState,
      ctx.resize,
      ctx.emitEvent,
      ctx.reportError,
      ctx.setSession,
      ctx.clearSession,
      ctx.navigate,
      ctx.escape,
    ]) {
      expect(action).not.toHaveBeenCalled();
    }
  });

  it('forwards valid calls', async () => {
    const { ctx, call } = setup();
    await expect(call('ready', { protocolVersion: 1 })).resolves.toBe(state);
    await call('resize', { height: 120.2 });
    expect(ctx.resize).toHaveBeenCalledWith(120.2);
    await call('emitEvent', { type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} });
    expect(ctx.emitEvent).toHaveBeenCalledWith({ type: 'AUTHENTICATE_FLOW_COMPLETE', data: {} });
    await call('reportError', { message: 'Nope', error_type: 'invalid_email' });
    expect(ctx.reportError).toHaveBeenCalledWith({ message: 'Nope', error_type: 'invalid_email' });
    await call('setSession', session);
    expect(ctx.setSession).toHaveBeenCalledWith(session);
    await call('clearSession', {});
    expect(ctx.clearSession).toHaveBeenCalled();
    await expect(call('navigate', { url: 'https://x.test/', reason: 'flow_redirect' })).resolves.toEqual({
      accepted: true,
    });
    expect(ctx.navigate).toHaveBeenCalledWith('https://x.test/', 'flow_redirect');
    await call('escape', {});
    expect(ctx.escape).toHaveBeenCalled();
    expect(ctx.invalid).not.toHaveBeenCalled();
  });
});

describe('getConsentManifest', () => {
  const request = { scopes: ['openid', 'read:notes'], clientName: 'Notes' };

  it("answers the host's getIDPConsentManifest result, whatever its shape (the frame checks it)", async () => {
    const { ctx, call } = setup();
    const consentManifest = vi.fn(async () => ['Read your notes']);
    const host = createHostMethods({ ...ctx, consentManifest });
    expect(await callRaw(host, 'getConsentManifest', request)).toEqual({ manifest: ['Read your notes'] });
    expect(consentManifest).toHaveBeenCalledWith(request);
    await expect(call('getConsentManifest', request)).rejects.toThrow('no getIDPConsentManifest');
  });

  it('refuses a malformed request before the host renderer runs', async () => {
    const { ctx } = setup();
    const consentManifest = vi.fn();
    const host = createHostMethods({ ...ctx, consentManifest });
    await expect(
      callRaw(host, 'getConsentManifest', { scopes: 'openid', clientName: 'Notes' }),
    ).rejects.toThrow('Invalid getConsentManifest request');
    expect(consentManifest).not.toHaveBeenCalled();
    expect(ctx.invalid).toHaveBeenCalledWith(expect.stringContaining('getConsentManifest.scopes'));
  });
});
