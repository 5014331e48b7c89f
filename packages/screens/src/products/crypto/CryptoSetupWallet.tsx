import { BackButton } from '../../components/BackButton';
import { useFlow } from '../../hooks/useFlow';
import { useT } from '../../strings/StringsContext';
import { WALLET_DOWNLOADS } from './walletOptions';

/** 'Set up a new crypto wallet': where to download one. */
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
            <a className="latch-link" href={url} target="_blank" rel="noopener noreferrer">
              {t('crypto.download', { wallet: option })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
