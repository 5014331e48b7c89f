import type { StringId, WalletInfo } from '@latch/protocol';
import type { BrandIconId } from '../../icons/brandIcons';
import type { WalletOption } from '../../state/formAtoms';

/** A wallet the host page offers, with the wallet option it is shown as. */
export interface DetectedWallet extends WalletInfo {
  option: WalletOption;
}

/** Known wallets by EIP-6963 rdns or name; anything else is the generic wallet of its kind. */
const KNOWN: readonly { option: WalletOption; rdns: readonly string[]; name: RegExp }[] = [
  { option: 'Metamask', rdns: ['io.metamask', 'io.metamask.flask'], name: /metamask/i },
  { option: 'Coinbase', rdns: ['com.coinbase.wallet'], name: /coinbase/i },
  { option: 'Binance', rdns: ['com.binance.wallet', 'com.binance'], name: /binance/i },
  { option: 'Phantom', rdns: ['app.phantom'], name: /phantom/i },
  { option: 'Vessel', rdns: ['finance.vessel'], name: /vessel/i },
];

export function walletOptionOf(wallet: WalletInfo): WalletOption {
  const known = KNOWN.find((k) => (wallet.rdns && k.rdns.includes(wallet.rdns)) || k.name.test(wallet.name));
  if (known) return known.option;
  return wallet.kind === 'solana' ? 'GenericSolanaWallet' : 'GenericEthereumWallet';
}

/** One button per wallet option, the first wallet announced for it winning (EIP-6963 before legacy globals). */
export function detectedWallets(wallets: readonly WalletInfo[]): DetectedWallet[] {
  const seen = new Set<WalletOption>();
  return wallets.flatMap((wallet) => {
    const option = walletOptionOf(wallet);
    if (seen.has(option)) return [];
    seen.add(option);
    return [{ ...wallet, option }];
  });
}

/**
 * The label a wallet option goes by ('Continue with {wallet}'); brand names are not translated.
 * A wallet named like one of the OAuth buttons beside it (`oauthNames`: Coinbase the account and
 * Coinbase the wallet) says it is the wallet, so the two buttons read differently.
 */
export function walletName(
  option: WalletOption,
  t: (id: StringId) => string,
  oauthNames: readonly string[] = [],
): string {
  if (option === 'GenericEthereumWallet') return t('crypto.wallet.otherEthereum');
  if (option === 'GenericSolanaWallet') return t('crypto.wallet.otherSolana');
  return oauthNames.includes(option) ? `${option} Wallet` : option;
}

/** Main's list holds 6 items minus the OAuth buttons minus one. */
export function walletRoom(oauthProviderCount: number): number {
  return Math.max(0, 6 - oauthProviderCount - 1);
}

/** Where to get a wallet (CryptoSetupWallet). */
export const WALLET_DOWNLOADS: readonly { option: WalletOption; url: string }[] = [
  { option: 'Metamask', url: 'https://metamask.io/download/' },
  { option: 'Phantom', url: 'https://phantom.com/download' },
  { option: 'Coinbase', url: 'https://www.coinbase.com/wallet/downloads' },
  { option: 'Binance', url: 'https://www.binance.com/en/web3wallet' },
];

/**
 * Each wallet option's icon. Simple Icons has no MetaMask, Phantom or Vessel glyph: those get the
 * neutral wallet; the generic wallets get their chain's mark. Coinbase's wallet has its own mark,
 * apart from the Coinbase account's (its OAuth button).
 */
export const WALLET_ICONS: Readonly<Record<WalletOption, BrandIconId>> = {
  Metamask: 'wallet',
  Coinbase: 'coinbaseWallet',
  Binance: 'binance',
  Phantom: 'wallet',
  Vessel: 'wallet',
  GenericEthereumWallet: 'ethereum',
  GenericSolanaWallet: 'solana',
};
