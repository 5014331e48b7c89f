import {
  ETHEREUM_WALLET_METHODS,
  SOLANA_WALLET_METHODS,
  WALLET_UNSUPPORTED,
  type WalletInfo,
  type WalletRequest,
  type WalletResponse,
} from '@latch/protocol';
import { base58 } from './base58';
import { discoverWallets, type FoundWallet } from './walletDiscovery';

/** What the host methods need of the wallets of the host page. */
export interface WalletRelay {
  list(): Promise<WalletInfo[]>;
  /** `request` was validated by `walletRequestSchema`: an allowlisted method with checked params. */
  request(request: WalletRequest): Promise<WalletResponse>;
}

// Wallets answer `eip6963:requestProvider` at once or within a tick; a short wait catches both.
const ANNOUNCE_WAIT_MS = 50;
// EIP-1193 "internal error": the wallet threw something that is not a provider error.
const INTERNAL = -32603;

const isStringArray = (v: unknown): v is string[] =>
  Array.isArray(v) && v.every((x) => typeof x === 'string');

const refusal = (code: number, message: string): WalletResponse => ({ ok: false, code, message });

/** The wallet's own error code (4001: the user rejected), else an internal error. */
function failure(error: unknown): WalletResponse {
  const code: unknown = typeof error === 'object' && error !== null ? Reflect.get(error, 'code') : undefined;
  const message: unknown =
    typeof error === 'object' && error !== null ? Reflect.get(error, 'message') : undefined;
  return refusal(
    typeof code === 'number' && Number.isInteger(code) ? code : INTERNAL,
    typeof message === 'string' ? message.slice(0, 500) : 'The wallet request failed.',
  );
}

async function forward(wallet: FoundWallet, request: WalletRequest): Promise<WalletResponse> {
  if (wallet.kind === 'ethereum') {
    if (!(ETHEREUM_WALLET_METHODS as readonly string[]).includes(request.method)) {
      return refusal(WALLET_UNSUPPORTED, `${request.method} is not relayed to Ethereum wallets.`);
    }
    const result = await wallet.provider.request({ method: request.method, params: request.params ?? [] });
    const expectsList = request.method === 'eth_requestAccounts' || request.method === 'eth_accounts';
    if (expectsList && isStringArray(result)) return { ok: true, result };
    if (!expectsList && typeof result === 'string') return { ok: true, result };
    return refusal(INTERNAL, 'The wallet answered something unexpected.');
  }
  if (!(SOLANA_WALLET_METHODS as readonly string[]).includes(request.method)) {
    return refusal(WALLET_UNSUPPORTED, `${request.method} is not relayed to Solana wallets.`);
  }
  if (request.method === 'signMessage') {
    const { signature } = await wallet.provider.signMessage(
      new TextEncoder().encode(request.params[0]),
      'utf8',
    );
    return signature instanceof Uint8Array
      ? { ok: true, result: base58(signature) }
      : refusal(INTERNAL, 'The wallet answered something unexpected.');
  }
  const { publicKey } = await wallet.provider.connect();
  return { ok: true, result: publicKey.toString() };
}

/** The relay over the host page's wallets. Nothing off the allowlist ever reaches a wallet. */
export function createWalletRelay(win: Window): WalletRelay {
  const discovery = discoverWallets(win);
  let known = new Map<string, FoundWallet>();
  return {
    async list() {
      discovery.request();
      await new Promise((resolve) => setTimeout(resolve, ANNOUNCE_WAIT_MS));
      const wallets = discovery.current();
      known = new Map(wallets.map((w) => [w.id, w]));
      return wallets.map(({ id, name, kind, rdns }) =>
        rdns ? { id, name, kind, rdns } : { id, name, kind },
      );
    },
    async request(request) {
      const wallet =
        known.get(request.walletId) ?? discovery.current().find((w) => w.id === request.walletId);
      if (!wallet) return refusal(WALLET_UNSUPPORTED, 'No such wallet on this page.');
      try {
        return await forward(wallet, request);
      } catch (error) {
        return failure(error);
      }
    },
  };
}

let shared: WalletRelay | undefined;

/** One relay per page: every mounted frame sees the same wallets. */
export const getWalletRelay = (win: Window): WalletRelay => (shared ??= createWalletRelay(win));
