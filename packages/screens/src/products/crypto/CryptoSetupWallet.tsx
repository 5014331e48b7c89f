import { BackButton } from '../../components/BackButton';
import { useFlow } from '../../hooks/useFlow';
import { BrandIcon } from '../../icons/BrandIcon';
import { useT } from '../../strings/StringsContext';
import { WALLET_DOWNLOADS, WALLET_ICONS } from './walletOptions';

/** 'Set up a new crypto wallet': where to download one, a row per wallet like the wallet buttons. */
export function CryptoSetupWallet() {
  const t = useT();
  const dispatch = useFlow();
  return (
    <div className="latch-screen">
      <BackButton onClick={() => dispatch('back')} />
      <h1 className="latch-title">{t('crypto.setupNew')}</h1>
      <ul className="latch-crypto-downloads">
        {WALLET_DOWNLOADS.map(({ option, url }) => (
          <li key={option}>
            <a className="latch-download-link" href={url} target="_blank" rel="noopener noreferrer">
              <BrandIcon id={WALLET_ICONS[option]} />
              <span>{t('crypto.download', { wallet: option })}</span>
              <BrandIcon id="download" />
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
