import { useAtomValue } from 'jotai';
import { Spinner } from '../../components/Spinner';
import { useFlow } from '../../hooks/useFlow';
import { BrandIcon } from '../../icons/BrandIcon';
import { configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { useDetectedWallets } from './useDetectedWallets';
import { WalletButtons } from './WalletButtons';
import { walletRoom } from './walletOptions';

/**
 * Main's crypto block: a button per wallet the host page offers, as many as fit beside the OAuth
 * buttons, then 'Continue with other Crypto Wallet'; with no wallet, 'Set up a new crypto wallet'.
 */
export default function CryptoButtons() {
  const t = useT();
  const config = useAtomValue(configAtom);
  const dispatch = useFlow();
  const wallets = useDetectedWallets();
  if (wallets === null) return <Spinner />;
  // A provider listed twice is one button.
  const oauthCount = config.products.includes('oauth')
    ? new Set(config.oauthOptions?.providers.map((p) => p.type)).size
    : 0;
  const room = walletRoom(oauthCount);
  const shown = wallets.slice(0, room);
  return (
    <div className="latch-crypto">
      <WalletButtons wallets={shown} />
      {wallets.length > room && (
        <button
          type="button"
          className="latch-button latch-button-secondary"
          onClick={() => dispatch('otherWallets')}
        >
          <BrandIcon id="otherWallets" />
          {t('crypto.continueWithOther')}
        </button>
      )}
      {wallets.length === 0 && (
        <button
          type="button"
          className="latch-button latch-button-secondary"
          onClick={() => dispatch('setupWallet')}
        >
          <BrandIcon id="newWallet" />
          {t('crypto.setupNew')}
        </button>
      )}
    </div>
  );
}
