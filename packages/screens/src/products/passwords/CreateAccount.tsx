import { useAtomValue } from 'jotai';
import { Divider } from '../../components/Divider';
import { configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { EmailLoginButtons } from './EmailLoginButtons';
import { hasEmailLogin } from './emailOptions';
import { NewPasswordForm } from './NewPasswordForm';
import { ReadOnlyEmail } from './ReadOnlyEmail';
import { usePasswordLogin } from './usePasswordLogin';

/** A new user: passwordless email options when configured, then setting a password. */
export function CreateAccount() {
  const t = useT();
  const config = useAtomValue(configAtom);
  const { email, create } = usePasswordLogin();
  return (
    <>
      <h1 className="latch-title">{t('password.create.title')}</h1>
      {hasEmailLogin(config) && (
        <>
          <p className="latch-text">{t('password.chooseHowToCreate')}</p>
          <EmailLoginButtons email={email} />
          <Divider />
        </>
      )}
      <p className="latch-text">{t('password.create.body')}</p>
      <NewPasswordForm label={t('formField.password.label')} email={email} onSubmit={create}>
        <ReadOnlyEmail email={email} />
      </NewPasswordForm>
    </>
  );
}
