import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MountState } from '@latch/protocol';
import { base58 } from './base58';
import { createHostMethods, type HostContext } from './hostMethods';
import { callRaw } from './testing';
import { createWalletRelay } from './walletRelay';

const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';

/** A wallet that announces itself the way MetaMask does, answering each request with `answer`. */
function announce(answer: (method: string, params: unknown) => unknown) {
  const provider = {
    request: vi.fn(async ({ method, params }: { method: string; params?: unknown }) =>
      answer(method, params),
    ),
  };
  const onRequest = () =>
    window.dispatchEvent(
      new CustomEvent('eip6963:announceProvider', {
        detail: Object.freeze({
          info: { uuid: 'u-1', name: 'MetaMask', icon: 'data:,', rdns: 'io.metamask' },
          provider,
        }),
      }),
    );
  window.addEventListener('eip6963:requestProvider', onRequest);
  cleanups.push(() => window.removeEventListener('eip6963:requestProvider', onRequest));
  return provider;
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  cleanups.splice(0).forEach((f) => f());
  Reflect.deleteProperty(window, 'ethereum');
  Reflect.deleteProperty(window, 'phantom');
  Reflect.deleteProperty(window, 'solflare');
  Reflect.deleteProperty(window, 'solana');
  Reflect.deleteProperty(window, 'BinanceChain');
});

function hostWithRelay() {
  const ctx = {
    mountState: vi.fn((): MountState => {
      throw new Error('unused');
    }),
    resize: vi.fn(),
    emitEvent: vi.fn(),
    reportError: vi.fn(),
    setSession: vi.fn(),
    clearSession: vi.fn(),
    navigate: vi.fn(async () => true),
    escape: vi.fn(),
    invalid: vi.fn(),
    walletsAllowed: vi.fn(() => true),
  } satisfies HostContext;
  const relay = createWalletRelay(window);
  const host = createHostMethods(ctx, async () => relay);
  return {
    ctx,
    host,
    call: (name: 'listWallets' | 'walletRequest', arg: unknown) => callRaw(host, name, arg),
  };
}

describe('wallet relay', () => {
  it('lists EIP-6963 wallets, a distinct window.ethereum and Phantom', async () => {
    announce(() => null);
    Reflect.set(window, 'ethereum', { request: async () => null, isCoinbaseWallet: true });
    Reflect.set(window, 'phantom', { solana: { connect: async () => ({}), signMessage: async () => ({}) } });
    const { call } = hostWithRelay();
    expect(await call('listWallets', {})).toEqual({
      wallets: [
        { id: 'eip6963:u-1', name: 'MetaMask', kind: 'ethereum', rdns: 'io.metamask' },
        { id: 'injected:ethereum', name: 'Coinbase Wallet', kind: 'ethereum' },
        { id: 'phantom:solana', name: 'Phantom', kind: 'solana', rdns: 'app.phantom' },
      ],
    });
  });

  it('refuses a method off the allowlist without reaching the wallet', async () => {
    const provider = announce(() => '0xhash');
    const { call, ctx } = hostWithRelay();
    await call('listWallets', {});
    await expect(
      call('walletRequest', {
        walletId: 'eip6963:u-1',
        method: 'eth_sendTransaction',
        params: [{ to: ADDRESS }],
      }),
    ).rejects.toThrow('Invalid walletRequest request');
    await expect(
      call('walletRequest', {
        walletId: 'eip6963:u-1',
        method: 'personal_sign',
        params: ['hi', 'not-an-address'],
      }),
    ).rejects.toThrow();
    await expect(
      call('walletRequest', { walletId: 'eip6963:u-1', method: 'eth_accounts', params: ['extra'] }),
    ).rejects.toThrow();
    // A Solana method is on the list, but not for an Ethereum wallet.
    expect(
      await call('walletRequest', { walletId: 'eip6963:u-1', method: 'signMessage', params: ['hi'] }),
    ).toMatchObject({
      ok: false,
      code: 4200,
    });
    expect(provider.request).not.toHaveBeenCalled();
    expect(ctx.invalid).toHaveBeenCalled();
  });

  it('forwards allowlisted requests and relays a refusal with its code', async () => {
    const provider = announce((method) => {
      if (method === 'eth_requestAccounts') return [ADDRESS];
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 });
    });
    const { call } = hostWithRelay();
    await call('listWallets', {});
    expect(await call('walletRequest', { walletId: 'eip6963:u-1', method: 'eth_requestAccounts' })).toEqual({
      ok: true,
      result: [ADDRESS],
    });
    expect(
      await call('walletRequest', {
        walletId: 'eip6963:u-1',
        method: 'personal_sign',
        params: ['Sign in', ADDRESS],
      }),
    ).toEqual({
      ok: false,
      code: 4001,
      message: 'User rejected the request.',
    });
    expect(provider.request).toHaveBeenLastCalledWith({
      method: 'personal_sign',
      params: ['Sign in', ADDRESS],
    });
    expect(await call('walletRequest', { walletId: 'nope', method: 'eth_accounts' })).toMatchObject({
      ok: false,
    });
  });

  it('signs with Phantom and answers the signature in base58', async () => {
    const signMessage = vi.fn(async () => ({ signature: new Uint8Array([0, 0, 1, 2, 3]) }));
    Reflect.set(window, 'phantom', {
      solana: { connect: async () => ({ publicKey: { toString: () => 'PubKey111' } }), signMessage },
    });
    const { call } = hostWithRelay();
    expect(await call('walletRequest', { walletId: 'phantom:solana', method: 'connect' })).toEqual({
      ok: true,
      result: 'PubKey111',
    });
    expect(
      await call('walletRequest', { walletId: 'phantom:solana', method: 'signMessage', params: ['héllo'] }),
    ).toEqual({
      ok: true,
      result: base58(new Uint8Array([0, 0, 1, 2, 3])),
    });
    expect(signMessage).toHaveBeenCalledWith(new TextEncoder().encode('héllo'), 'utf8');
    expect(
      await call('walletRequest', {
        walletId: 'phantom:solana',
        method: 'personal_sign',
        params: ['x', ADDRESS],
      }),
    ).toMatchObject({
      ok: false,
      code: 4200,
    });
  });

  it('gives a mount without the crypto product no wallets and no requests', async () => {
    const provider = announce(() => [ADDRESS]);
    const { call, ctx } = hostWithRelay();
    ctx.walletsAllowed.mockReturnValue(false);
    expect(await call('listWallets', {})).toEqual({ wallets: [] });
    expect(
      await call('walletRequest', { walletId: 'eip6963:u-1', method: 'eth_requestAccounts' }),
    ).toMatchObject({
      ok: false,
      code: 4100,
    });
    expect(provider.request).not.toHaveBeenCalled();
  });

  it('encodes base58 like Bitcoin and Solana', () => {
    expect(base58(new TextEncoder().encode('hello world'))).toBe('StV1DL6CwTryKyV');
    expect(base58(new Uint8Array([0, 0, 0x28, 0x7f, 0xb4, 0xcd]))).toBe('11233QC4');
    expect(base58(new Uint8Array([]))).toBe('');
  });

  it('finds Binance Chain Wallet, Solflare and any other window.solana, and signs with Solflare', async () => {
    const phantom = { connect: async () => ({}), signMessage: async () => ({}) };
    Reflect.set(window, 'phantom', { solana: phantom });
    // Solflare: connect() resolves to true, the key waits on the provider, signMessage answers bytes.
    const key = { toBase58: () => 'SolflareKey111', toString: () => 'SolflareKey111' };
    const solflare = {
      isSolflare: true,
      publicKey: null as typeof key | null,
      connect: async () => {
        solflare.publicKey = key;
        return true;
      },
      signMessage: vi.fn(async () => new Uint8Array([9, 8, 7])),
    };
    Reflect.set(window, 'solflare', solflare);
    Reflect.set(window, 'solana', { connect: async () => ({}), signMessage: async () => ({}) });
    Reflect.set(window, 'BinanceChain', { request: async () => null });
    const { call } = hostWithRelay();
    expect(await call('listWallets', {})).toEqual({
      wallets: [
        { id: 'phantom:solana', name: 'Phantom', kind: 'solana', rdns: 'app.phantom' },
        { id: 'injected:BinanceChain', name: 'Binance Wallet', kind: 'ethereum' },
        { id: 'solflare:solana', name: 'Solflare', kind: 'solana' },
        { id: 'injected:solana', name: 'Solana Wallet', kind: 'solana' },
      ],
    });
    expect(await call('walletRequest', { walletId: 'solflare:solana', method: 'connect' })).toEqual({
      ok: true,
      result: 'SolflareKey111',
    });
    expect(
      await call('walletRequest', { walletId: 'solflare:solana', method: 'signMessage', params: ['hi'] }),
    ).toEqual({ ok: true, result: base58(new Uint8Array([9, 8, 7])) });
  });

  it('does not list window.solana twice when it is Phantom', async () => {
    const phantom = { connect: async () => ({}), signMessage: async () => ({}) };
    Reflect.set(window, 'phantom', { solana: phantom });
    Reflect.set(window, 'solana', phantom);
    const { call } = hostWithRelay();
    expect(await call('listWallets', {})).toEqual({
      wallets: [{ id: 'phantom:solana', name: 'Phantom', kind: 'solana', rdns: 'app.phantom' }],
    });
  });
});
