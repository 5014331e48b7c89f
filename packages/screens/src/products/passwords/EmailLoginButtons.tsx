import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { Button } from '../../components/Button';
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
  // Only the pressed button shows the spinner; the others are disabled meanwhile.
  const [pressed, setPressed] = useState('');
  const send = (label: string, task: (email: string) => Promise<string>) => {
    setPressed(label);
    void run(async () => setError(await task(email)));
  };

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
        <Button
          key={label}
          secondary
          disabled={busy}
          busy={busy && pressed === label}
          aria-describedby={error ? `${id}-error` : undefined}
          onClick={() => send(label, task)}
        >
          {label}
        </Button>
      ))}
      <ErrorText id={`${id}-error`} text={error} />
    </div>
  );
}
