import { useT } from '../../strings/StringsContext';
import { useChooseWallet } from './useChooseWallet';
import { walletName, type DetectedWallet } from './walletOptions';

/** 'Continue with {wallet}' buttons, one per wallet. */
export function WalletButtons({ wallets }: { wallets: readonly DetectedWallet[] }) {
  const t = useT();
  const choose = useChooseWallet();
  return (
    <>
      {wallets.map((wallet) => (
        <button
          key={wallet.id}
          type="button"
          className="latch-button latch-button-secondary"
          onClick={() => choose(wallet)}
        >
          {t('crypto.continueWith', { wallet: walletName(wallet.option, t) })}
        </button>
      ))}
    </>
  );
}
