import { useEffect, useState } from 'react';
import { useT } from '../../strings/StringsContext';

/** Resend states: initial → sending → sent (2 s) → waiting; a failure goes back to initial. */
export type ResendState = 'initial' | 'sending' | 'sent' | 'waiting';

export const CODE_SENT_MS = 2000;

/** `onResend` resolves to why the code could not be resent, or '' once it was. */
export function ResendCode({ onResend }: { onResend: () => Promise<string> }) {
  const t = useT();
  const [state, setState] = useState<ResendState>('initial');
  const [failure, setFailure] = useState('');

  useEffect(() => {
    if (state !== 'sent') return;
    const timer = setTimeout(() => setState('waiting'), CODE_SENT_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const resend = async () => {
    if (state === 'sending' || state === 'sent') return;
    setState('sending');
    setFailure('');
    const reason = await onResend();
    setState(reason ? 'initial' : 'sent');
    setFailure(reason);
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
      {failure && <p className="latch-error-text">{t('passcode.resendFailed', { reason: failure })}</p>}
    </div>
  );
}
