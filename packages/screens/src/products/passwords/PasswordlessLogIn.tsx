import { useAtomValue } from 'jotai';
import { useId, useState } from 'react';
import { Button } from '../../components/Button';
import { Divider } from '../../components/Divider';
import { ErrorText } from '../../components/ErrorText';
import { useInFlight } from '../../hooks/useInFlight';
import { configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { EmailLoginButtons } from './EmailLoginButtons';
import { hasEmailLogin } from './emailOptions';
import { ReadOnlyEmail } from './ReadOnlyEmail';
import { usePasswordLogin } from './usePasswordLogin';

/** A user without a password: email a link or code, or 'Create a password instead' by reset email. */
export function PasswordlessLogIn() {
  const t = useT();
  const id = useId();
  const config = useAtomValue(configAtom);
  const { email, startReset } = usePasswordLogin();
  const { busy, run } = useInFlight();
  const [error, setError] = useState('');
  const createInstead = () => void run(async () => setError(await startReset('createPasswordInstead')));
  return (
    <>
      <h1 className="latch-title">{t('password.login.title')}</h1>
      <ReadOnlyEmail email={email} />
      {hasEmailLogin(config) && (
        <>
          <EmailLoginButtons email={email} />
          <Divider />
        </>
      )}
      <Button
        secondary
        busy={busy}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={createInstead}
      >
        {t('password.createInstead')}
      </Button>
      <ErrorText id={`${id}-error`} text={error} />
    </>
  );
}
