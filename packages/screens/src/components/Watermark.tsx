import { useT } from '../strings/StringsContext';

/** The 'Powered by' mark, shown when the project's bootstrap says so (150px wide). */
export function Watermark() {
  const t = useT();
  return (
    <p className="latch-watermark">
      {t('watermark.poweredBy')} <strong className="latch-watermark-brand">{t('watermark.brand')}</strong>
    </p>
  );
}
