import * as v from 'valibot';
import { isPlainObject } from '@latch/api';
import { array, number, object, oneOf, optional, string } from './schemas';

/*
 * The wallet relay: wallets are injected into the host page, not into the frame, so the loader
 * discovers them and forwards a short allowlist of requests (docs/security.md, wallets run in the host).
 */

const WALLET_KINDS = ['ethereum', 'solana'] as const;
export type WalletKind = (typeof WALLET_KINDS)[number];

/** The only requests the loader forwards, per wallet kind. Everything else is refused. */
export const ETHEREUM_WALLET_METHODS = [
  'eth_requestAccounts',
  'eth_accounts',
  'eth_chainId',
  'personal_sign',
] as const;
export const SOLANA_WALLET_METHODS = ['connect', 'signMessage'] as const;
const WALLET_METHODS = [...ETHEREUM_WALLET_METHODS, ...SOLANA_WALLET_METHODS] as const;

/**
 * Accounts for `eth_requestAccounts` / `eth_accounts`, the chain id, a signature, or the base58
 * address for Solana `connect`. A wallet refusal is `ok: false` with its EIP-1193 code (4001).
 */
export type WalletResponse = v.InferOutput<typeof walletResponseSchema>;

/** EIP-1193 "unsupported method": what the loader answers for anything off the allowlist. */
export const WALLET_UNSUPPORTED = 4200;

const MAX_MESSAGE = 8192;
const ETH_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

const walletId = string(200);
const NO_PARAMS = ['eth_requestAccounts', 'eth_accounts', 'eth_chainId', 'connect'] as const;

/* @__NO_SIDE_EFFECTS__ */
const params = (count: number, what: string) =>
  v.custom<unknown>((input) => Array.isArray(input) && input.length === count, `expected [${what}]`);

/** Each request is checked method by method: the frame is not trusted with the wallet. */
const byMethod = {
  /** [message (0x hex or UTF-8 text), address]. */
  personal_sign: object({
    walletId,
    method: v.literal('personal_sign'),
    params: v.pipe(
      params(2, 'message, 0x address'),
      v.tuple([string(MAX_MESSAGE), v.pipe(string(42), v.regex(ETH_ADDRESS, 'expected a 0x address'))]),
    ),
  }),
  /** [UTF-8 message]; the answer is the base58 ed25519 signature. */
  signMessage: object({
    walletId,
    method: v.literal('signMessage'),
    params: v.pipe(params(1, 'message'), v.tuple([string(MAX_MESSAGE)])),
  }),
  other: object({
    walletId,
    // Named in full: a method off the allowlist is told what the allowlist is.
    method: oneOf(NO_PARAMS, WALLET_METHODS),
    params: optional(v.pipe(params(0, ''), v.tuple([]))),
  }),
};

export const walletRequestSchema = v.lazy((input) => {
  const method = isPlainObject(input) ? input['method'] : undefined;
  return method === 'personal_sign' || method === 'signMessage' ? byMethod[method] : byMethod.other;
});
export type WalletRequest = v.InferOutput<typeof walletRequestSchema>;

/** A wallet the host page offers: EIP-6963 announcement, `window.ethereum` or Phantom. */
const walletInfoSchema = object({
  /** Stable for the page's lifetime; names the wallet in `walletRequest`. */
  id: walletId,
  name: string(200),
  kind: oneOf(WALLET_KINDS),
  /** EIP-6963 reverse-DNS id (`io.metamask`), when announced. */
  rdns: optional(string(200)),
});
export type WalletInfo = v.InferOutput<typeof walletInfoSchema>;

export const walletListSchema = object({ wallets: array(walletInfoSchema, 50) });

/** The frame checks the loader's answers too. */
export const walletResponseSchema = v.union(
  [
    object({
      ok: v.literal(true),
      result: v.union([string(MAX_MESSAGE), array(string(200), 50)]),
    }),
    object({ ok: v.literal(false), code: number(-1e9, 1e9), message: string(2000) }),
  ],
  'expected { ok: true, result } or { ok: false, code, message }',
);
