import { useT } from '../strings/StringsContext';

export function Spinner() {
  const t = useT();
  return (
    <div className="latch-spinner-wrap" role="status">
      <span className="latch-spinner" aria-hidden="true" />
      <span className="latch-visually-hidden">{t('frame.loading')}</span>
    </div>
  );
}
