import { useT } from '../strings/StringsContext';

export function Divider() {
  const t = useT();
  return (
    // Not role="separator": its children would be presentational and hide the word 'or'.
    <div className="latch-divider">
      <span>{t('divider.or')}</span>
    </div>
  );
}
