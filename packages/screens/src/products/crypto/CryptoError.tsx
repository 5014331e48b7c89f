import { BackButton } from '../../components/BackButton';
import { useFlow } from '../../hooks/useFlow';
import { useT } from '../../strings/StringsContext';

/** Any wallet failure ends here; the back arrow returns to Main. */
export function CryptoError() {
  const t = useT();
  const dispatch = useFlow();
  return (
    <div className="latch-screen">
      <BackButton onClick={() => dispatch('back')} />
      <h1 className="latch-title">{t('crypto.error.title')}</h1>
      <p className="latch-text">{t('crypto.error.body')}</p>
    </div>
  );
}
