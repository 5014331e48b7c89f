import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/Button';
import { Divider } from '../../components/Divider';
import { ErrorText } from '../../components/ErrorText';
import { Spinner } from '../../components/Spinner';
import { useHostAnswer } from '../../hooks/useHostAnswer';
import { useInFlight } from '../../hooks/useInFlight';
import { setResetPasswordTokenAtom } from '../../state/formAtoms';
import { mountStateAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { NewPasswordForm } from './NewPasswordForm';
import { resetTokenFrom } from './resetToken';
import { useResetPassword } from './useResetPassword';

/** The reset mount's first screen: a login link logs straight in, a reset link asks for a password. */
export function PasswordResetForm() {
  const { hostSearch, passwordResetToken } = useAtomValue(mountStateAtom);
  const { token, type } = useMemo(
    () => resetTokenFrom({ hostSearch, passwordResetToken }),
    [hostSearch, passwordResetToken],
  );
  const setToken = useSetAtom(setResetPasswordTokenAtom);
  useEffect(() => setToken(token), [setToken, token]);
  // The frame draws before the host's answer brings the page's query: until then, not knowing the
  // token (or that it is a login link) is no reason to say it is missing.
  const answered = useHostAnswer();
  if (!token && !answered) return <Spinner />;
  return (
    <div className="latch-screen">
      {type === 'login' ? <TokenLogIn key={token} token={token} /> : <ResetForm key={token} token={token} />}
    </div>
  );
}

function TokenLogIn({ token }: { token: string }) {
  const t = useT();
  const { logInWithToken } = useResetPassword(token, 'login');
  const [error, setError] = useState('');
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void logInWithToken().then(setError);
  }, [logInWithToken]);
  if (error) return <p className="latch-error-text">{error}</p>;
  return (
    <div className="latch-spinner-wrap latch-logging-in" role="status">
      <span className="latch-spinner" aria-hidden="true" />
      <h1 className="latch-text">{t('password.reset.loggingIn')}</h1>
    </div>
  );
}

function ResetForm({ token }: { token: string }) {
  const t = useT();
  const id = useId();
  const { reset, logInWithToken } = useResetPassword(token, 'reset');
  const { busy, run } = useInFlight();
  const [error, setError] = useState('');
  if (!token) {
    return (
      <>
        <h1 className="latch-title">{t('password.reset.title')}</h1>
        <p className="latch-error-text">{t('password.reset.missingToken')}</p>
      </>
    );
  }
  return (
    <>
      <h1 className="latch-title">{t('password.reset.title')}</h1>
      <NewPasswordForm label={t('formField.newPassword.label')} onSubmit={reset} />
      <Divider />
      <Button
        secondary
        busy={busy}
        aria-describedby={error ? `${id}-error` : undefined}
        onClick={() => void run(async () => setError(await logInWithToken()))}
      >
        {t('button.loginWithoutPassword')}
      </Button>
      <ErrorText id={`${id}-error`} text={error} />
    </>
  );
}
