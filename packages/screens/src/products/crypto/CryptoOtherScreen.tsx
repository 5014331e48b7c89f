import { BackButton } from '../../components/BackButton';
import { Spinner } from '../../components/Spinner';
import { useFlow } from '../../hooks/useFlow';
import { BrandIcon } from '../../icons/BrandIcon';
import { useT } from '../../strings/StringsContext';
import { useDetectedWallets } from './useDetectedWallets';
import { WalletButtons } from './WalletButtons';

/** Every wallet the host page offers (Main shows only as many as fit), and a way to get one. */
export function CryptoOtherScreen() {
  const t = useT();
  const dispatch = useFlow();
  const wallets = useDetectedWallets();
  return (
    <div className="latch-screen">
      <BackButton onClick={() => dispatch('back')} />
      <h1 className="latch-title">{t('crypto.other.title')}</h1>
      <div className="latch-crypto">
        {wallets === null ? <Spinner /> : <WalletButtons wallets={wallets} />}
        <button
          type="button"
          className="latch-button latch-button-secondary"
          onClick={() => dispatch('setupWallet')}
        >
          <BrandIcon id="newWallet" />
          {t('crypto.setupNew')}
        </button>
      </div>
    </div>
  );
}
