import { OAUTH_PROVIDER_NAMES } from '@latch/api';
import { useAtomValue } from 'jotai';
import { configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { useChooseWallet } from './useChooseWallet';
import { BrandIcon } from '../../icons/BrandIcon';
import { WALLET_ICONS, walletName, type DetectedWallet } from './walletOptions';

/** 'Continue with {wallet}' buttons, one per wallet, each with its wallet's icon. */
export function WalletButtons({ wallets }: { wallets: readonly DetectedWallet[] }) {
  const t = useT();
  const choose = useChooseWallet();
  const config = useAtomValue(configAtom);
  const oauthNames = config.products.includes('oauth')
    ? (config.oauthOptions?.providers ?? []).map((p) => OAUTH_PROVIDER_NAMES[p.type])
    : [];
  return (
    <>
      {wallets.map((wallet) => (
        <button
          key={wallet.id}
          type="button"
          className="latch-button latch-button-secondary"
          onClick={() => choose(wallet)}
        >
          <BrandIcon id={WALLET_ICONS[wallet.option]} />
          {t('crypto.continueWith', { wallet: walletName(wallet.option, t, oauthNames) })}
        </button>
      ))}
    </>
  );
}
