import { render } from '@testing-library/react';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { vi, type Mock } from 'vitest';
import { DEFAULT_BOOTSTRAP } from '@latch/api';
import type {
  HostMethods,
  LoginConfig,
  MountState,
  WalletInfo,
  WalletRequest,
  WalletResponse,
} from '@latch/protocol';
import { createWidgetStore } from '../../state/createWidgetStore';
import { DEFAULT_MOUNT_STATE, sessionTokensAtom } from '../../state/widgetAtoms';
import { createTestServices } from '../renderWidget';
import { Widget } from '../../Widget';

export const METAMASK: WalletInfo = {
  id: 'eip6963:mm',
  name: 'MetaMask',
  kind: 'ethereum',
  rdns: 'io.metamask',
};
export const RAINBOW: WalletInfo = {
  id: 'eip6963:rb',
  name: 'Rainbow',
  kind: 'ethereum',
  rdns: 'me.rainbow',
};
export const PHANTOM: WalletInfo = {
  id: 'phantom:solana',
  name: 'Phantom',
  kind: 'solana',
  rdns: 'app.phantom',
};
export const COINBASE: WalletInfo = { id: 'injected:ethereum', name: 'Coinbase Wallet', kind: 'ethereum' };

type Answer = (request: WalletRequest) => WalletResponse | Promise<WalletResponse>;

/**
 * A host's wallets that sign for real, each with a fresh key: an Ethereum account (viem,
 * EIP-191 `personal_sign`) and a Solana one (ed25519, base58), so the provider verifies what they
 * sign. `sign` replaces the signing answer (a refusal, say).
 */
export function walletAnswers(sign?: Answer) {
  const ethereum = privateKeyToAccount(generatePrivateKey());
  const solanaKey = ed25519.utils.randomSecretKey();
  const solanaAddress = base58.encode(ed25519.getPublicKey(solanaKey));
  const signFor: Answer = async (request) => {
    const [message] = request.params ?? [];
    if (typeof message !== 'string') return { ok: false, code: -32602, message: 'no message' };
    if (request.method === 'personal_sign')
      return { ok: true, result: await ethereum.signMessage({ message: { raw: message as `0x${string}` } }) };
    return { ok: true, result: base58.encode(ed25519.sign(new TextEncoder().encode(message), solanaKey)) };
  };
  const request = vi.fn(async (request: WalletRequest): Promise<WalletResponse> => {
    if (request.method === 'eth_requestAccounts') return { ok: true, result: [ethereum.address] };
    if (request.method === 'connect') return { ok: true, result: solanaAddress };
    if (request.method === 'personal_sign' || request.method === 'signMessage')
      return (sign ?? signFor)(request);
    return { ok: false, code: 4200, message: 'unsupported' };
  });
  return Object.assign(request, { ethereumAddress: ethereum.address, solanaAddress });
}

/** The widget with a host that offers `wallets` through the relay methods. */
type WalletRequestMock = Mock<(request: WalletRequest) => Promise<WalletResponse>>;

export function renderCrypto<W extends WalletRequestMock = ReturnType<typeof walletAnswers>>({
  wallets,
  walletRequest,
  config = { products: ['crypto'] },
  mount = {},
  strings = {},
  fetch,
}: {
  wallets: WalletInfo[];
  walletRequest?: W;
  config?: LoginConfig;
  mount?: Partial<MountState>;
  strings?: Record<string, string>;
  fetch?: typeof globalThis.fetch;
}) {
  const store = createWidgetStore({
    mount: { ...DEFAULT_MOUNT_STATE, config, styles: {}, strings, ...mount },
    bootstrap: DEFAULT_BOOTSTRAP,
  });
  const test = createTestServices(fetch, () => store.get(sessionTokensAtom)?.session_token ?? null);
  const listWallets = vi.fn<HostMethods['listWallets']>(async () => ({ wallets }));
  const request = walletRequest ?? walletAnswers();
  const host = { ...test.host, listWallets, walletRequest: request };
  const view = render(<Widget store={store} services={{ ...test.services, host }} />);
  return { ...view, ...test, host, store, listWallets, walletRequest: request };
}
