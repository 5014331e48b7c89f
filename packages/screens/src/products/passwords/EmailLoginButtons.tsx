import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { useInFlight } from '../../hooks/useInFlight';
import { useEmailSubmit } from '../../main/loginForm/useEmailSubmit';
import { configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { emailOptions } from './emailOptions';

/**
 * Passwordless ways in for the stored email, only for configured products: 'Email me a login
 * link' / 'Email me a login code', or one 'Login without a password' on the log-in screen.
 */
export function EmailLoginButtons({ email, single = false }: { email: string; single?: boolean }) {
  const t = useT();
  const id = useId();
  const options = emailOptions(useAtomValue(configAtom));
  const sendLink = useEmailSubmit('magicLink');
  const sendCode = useEmailSubmit('otp');
  const { busy, run } = useInFlight();
  const [error, setError] = useState('');
  const send = (task: (email: string) => Promise<string>) =>
    void run(async () => setError(await task(email)));

  const buttons = single
    ? options.magicLink || options.code
      ? [{ label: t('button.loginWithoutPassword'), task: options.magicLink ? sendLink : sendCode }]
      : []
    : [
        ...(options.magicLink ? [{ label: t('button.emailLoginLink'), task: sendLink }] : []),
        ...(options.code ? [{ label: t('button.emailLoginCode'), task: sendCode }] : []),
      ];
  if (buttons.length === 0) return null;
  return (
    <div className="latch-form">
      {buttons.map(({ label, task }) => (
        <button
          key={label}
          type="button"
          className="latch-button latch-button-secondary"
          disabled={busy}
          aria-busy={busy}
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={() => send(task)}
        >
          {label}
        </button>
      ))}
      <ErrorText id={`${id}-error`} text={error} />
    </div>
  );
}
