import { useT } from '../strings/StringsContext';

export function Divider() {
  const t = useT();
  return (
    <div className="latch-divider" role="separator">
      <span>{t('divider.or')}</span>
    </div>
  );
}
