import { array, boolean, number, object, oneOf, optional, string, type Schema } from './validate';

/*
 * The wallet relay: wallets are injected into the host page, not into the frame, so the loader
 * discovers them and forwards a short allowlist of requests (ARCHITECTURE.md rule 6).
 */

const WALLET_KINDS = ['ethereum', 'solana'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

/** A wallet the host page offers: EIP-6963 announcement, `window.ethereum` or Phantom. */
export interface WalletInfo {
  /** Stable for the page's lifetime; names the wallet in `walletRequest`. */
  id: string;
  name: string;
  kind: WalletKind;
  /** EIP-6963 reverse-DNS id (`io.metamask`), when announced. */
  rdns?: string;
}

/** The only requests the loader forwards, per wallet kind. Everything else is refused. */
export const ETHEREUM_WALLET_METHODS = [
  'eth_requestAccounts',
  'eth_accounts',
  'eth_chainId',
  'personal_sign',
] as const;
export const SOLANA_WALLET_METHODS = ['connect', 'signMessage'] as const;
const WALLET_METHODS = [...ETHEREUM_WALLET_METHODS, ...SOLANA_WALLET_METHODS] as const;

export type WalletRequest =
  | {
      walletId: string;
      method: 'eth_requestAccounts' | 'eth_accounts' | 'eth_chainId' | 'connect';
      params?: [];
    }
  /** [message (0x hex or UTF-8 text), address]. */
  | { walletId: string; method: 'personal_sign'; params: [string, string] }
  /** [UTF-8 message]; the answer is the base58 ed25519 signature. */
  | { walletId: string; method: 'signMessage'; params: [string] };

/**
 * Accounts for `eth_requestAccounts` / `eth_accounts`, the chain id, a signature, or the base58
 * address for Solana `connect`. A wallet refusal is `ok: false` with its EIP-1193 code (4001).
 */
export type WalletResponse =
  { ok: true; result: string | string[] } | { ok: false; code: number; message: string };

/** EIP-1193 "unsupported method": what the loader answers for anything off the allowlist. */
export const WALLET_UNSUPPORTED = 4200;

const MAX_MESSAGE = 8192;
const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const walletId = string(200);
const noParams = optional(array(string(0), 0));

/** Each request is checked method by method: the frame is not trusted with the wallet. */
export const walletRequestSchema: Schema<WalletRequest> = {
  parse(v, p = 'walletRequest') {
    const head = object({
      walletId,
      method: oneOf(WALLET_METHODS),
      params: optional(array(string(MAX_MESSAGE), 2)),
    }).parse(v, p);
    if (!head.ok) return head;
    const { method, params } = head.value;
    if (method === 'personal_sign') {
      const [message, address] = params ?? [];
      if (
        params?.length !== 2 ||
        message === undefined ||
        address === undefined ||
        !ETH_ADDRESS.test(address)
      ) {
        return { ok: false, error: `${p}.params: expected [message, 0x address]` };
      }
      return { ok: true, value: { walletId: head.value.walletId, method, params: [message, address] } };
    }
    if (method === 'signMessage') {
      const [message] = params ?? [];
      if (params?.length !== 1 || message === undefined)
        return { ok: false, error: `${p}.params: expected [message]` };
      return { ok: true, value: { walletId: head.value.walletId, method, params: [message] } };
    }
    const none = noParams.parse(params, `${p}.params`);
    return none.ok ? { ok: true, value: { walletId: head.value.walletId, method } } : none;
  },
};

const walletInfoSchema: Schema<WalletInfo> = object({
  id: walletId,
  name: string(200),
  kind: oneOf(WALLET_KINDS),
  rdns: optional(string(200)),
});

export const walletListSchema = object({ wallets: array(walletInfoSchema, 50) });

const successSchema = object({
  ok: boolean(),
  result: anyOf(string(MAX_MESSAGE), array(string(200), 50)),
});
const failureSchema = object({ ok: boolean(), code: number(-1e9, 1e9), message: string(2000) });

/** The frame checks the loader's answers too. */
export const walletResponseSchema: Schema<WalletResponse> = {
  parse(v, p = 'walletResponse') {
    const success = successSchema.parse(v, p);
    if (success.ok && success.value.ok)
      return { ok: true, value: { ok: true, result: success.value.result } };
    const failure = failureSchema.parse(v, p);
    if (failure.ok && !failure.value.ok) return { ok: true, value: { ...failure.value, ok: false } };
    return { ok: false, error: `${p}: expected { ok: true, result } or { ok: false, code, message }` };
  },
};

function anyOf<A, B>(a: Schema<A>, b: Schema<B>): Schema<A | B> {
  return {
    parse(v, p) {
      const first = a.parse(v, p);
      return first.ok ? first : b.parse(v, p);
    },
  };
}
