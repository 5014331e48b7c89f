import { useT } from '../strings/StringsContext';

export function BackButton({ onClick }: { onClick: () => void }) {
  const t = useT();
  return (
    <button type="button" className="latch-back" onClick={onClick} aria-label={t('button.back')}>
      <svg width="24" height="24" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M20 11H7.83l5.59-5.59L12 4l-8 8 8 8 1.41-1.41L7.83 13H20v-2z" fill="currentColor" />
      </svg>
    </button>
  );
}
