import { render } from '@testing-library/react';
import { vi } from 'vitest';
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
import { DEFAULT_MOUNT_STATE } from '../../state/widgetAtoms';
import { createTestServices } from '../../test/renderWidget';
import { Widget } from '../../Widget';

export const ADDRESS = '0x52908400098527886E0F7030069857D2E4169EE7';
export const CHALLENGE = 'localhost:4000 wants you to sign in with your Ethereum account:\n' + ADDRESS;

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

/** A wallet that answers like MetaMask; `sign` decides the personal_sign answer. */
export function walletAnswers(sign: () => WalletResponse = () => ({ ok: true, result: '0xsignature' })) {
  return vi.fn(async (request: WalletRequest): Promise<WalletResponse> => {
    if (request.method === 'eth_requestAccounts') return { ok: true, result: [ADDRESS] };
    if (request.method === 'personal_sign') return sign();
    return { ok: false, code: 4200, message: 'unsupported' };
  });
}

/** The widget with a host that offers `wallets` through the relay methods. */
export function renderCrypto({
  wallets,
  walletRequest = walletAnswers(),
  config = { products: ['crypto'] },
  mount = {},
  strings = {},
  fetch,
}: {
  wallets: WalletInfo[];
  walletRequest?: ReturnType<typeof walletAnswers>;
  config?: LoginConfig;
  mount?: Partial<MountState>;
  strings?: Record<string, string>;
  fetch?: typeof globalThis.fetch;
}) {
  const test = createTestServices(fetch);
  const listWallets = vi.fn<HostMethods['listWallets']>(async () => ({ wallets }));
  const host = { ...test.host, listWallets, walletRequest };
  const store = createWidgetStore({
    mount: { ...DEFAULT_MOUNT_STATE, config, styles: {}, strings, ...mount },
    bootstrap: DEFAULT_BOOTSTRAP,
  });
  const view = render(<Widget store={store} services={{ ...test.services, host }} />);
  return { ...view, ...test, host, store, listWallets, walletRequest };
}
