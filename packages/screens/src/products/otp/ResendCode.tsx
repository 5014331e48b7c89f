import { useEffect, useState } from 'react';
import { useT } from '../../strings/StringsContext';

/** Resend states: initial → sending → sent (2 s) → waiting; a failure goes back to initial. */
export type ResendState = 'initial' | 'sending' | 'sent' | 'waiting';

export const CODE_SENT_MS = 2000;

export function ResendCode({ onResend }: { onResend: () => Promise<boolean> }) {
  const t = useT();
  const [state, setState] = useState<ResendState>('initial');
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (state !== 'sent') return;
    const timer = setTimeout(() => setState('waiting'), CODE_SENT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const resend = async () => {
    if (state === 'sending' || state === 'sent') return;
    setState('sending');
    setFailed(false);
    const ok = await onResend();
    setState(ok ? 'sent' : 'initial');
    setFailed(!ok);
  };

  const label =
    state === 'sending'
      ? t('passcode.sending')
      : state === 'sent'
        ? t('passcode.sent')
        : t('passcode.resend');
  return (
    <div className="latch-resend">
      <p className="latch-helper">
        {t('passcode.didntGetIt')}{' '}
        <button
          type="button"
          className="latch-link-button"
          onClick={() => void resend()}
          aria-disabled={state === 'sending' || state === 'sent'}
          aria-live="polite"
        >
          {label}
        </button>
      </p>
      {failed && <p className="latch-error-text">{t('passcode.resendFailed')}</p>}
    </div>
  );
}
