import { useAtomValue } from 'jotai';
import { Divider } from '../../components/Divider';
import { configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { EmailLoginButtons } from './EmailLoginButtons';
import { hasEmailLogin } from './emailOptions';
import { LoginPasswordForm } from './LoginPasswordForm';
import { ReadOnlyEmail } from './ReadOnlyEmail';
import { usePasswordLogin } from './usePasswordLogin';

/** A user with a password: log in, 'Forgot Password?', or log in without a password if configured. */
export function LogIn() {
  const t = useT();
  const config = useAtomValue(configAtom);
  const { email, authenticate, startReset } = usePasswordLogin();
  return (
    <>
      <h1 className="latch-title">{t('password.login.title')}</h1>
      <LoginPasswordForm onSubmit={authenticate} onForgot={() => startReset('forgotPassword')}>
        <ReadOnlyEmail email={email} />
      </LoginPasswordForm>
      {hasEmailLogin(config) && (
        <>
          <Divider />
          <EmailLoginButtons email={email} single />
        </>
      )}
    </>
  );
}
