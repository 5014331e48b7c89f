import { useEffect } from 'react';
import { Button } from '../../components/Button';
import { useInFlight } from '../../hooks/useInFlight';
import { useT } from '../../strings/StringsContext';
import { loadCeremony } from './loadCeremony';
import { loadPasskeyLogin, usePasskeyLogin } from './usePasskeyLogin';

/** Main's 'Login with a Passkey' block: a modal passkey prompt on click. */
export default function PasskeyButton() {
  const t = useT();
  const login = usePasskeyLogin();
  const { busy, run } = useInFlight();
  // Fetch the sign-in and ceremony code now, so the click reaches the browser prompt while it still
  // counts as a gesture.
  useEffect(() => {
    void Promise.all([loadPasskeyLogin(), loadCeremony()]).catch(() => undefined);
  }, []);
  const onClick = () =>
    void run(async () => {
      await login({ conditional: false });
    });
  return (
    <Button secondary busy={busy} onClick={onClick}>
      {t('button.loginWithPasskey')}
    </Button>
  );
}
