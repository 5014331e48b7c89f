import { useId } from 'react';
import { Button } from '../../components/Button';
import { ErrorText } from '../../components/ErrorText';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../strings/StringsContext';
import { useRegisterPasskey } from './useRegisterPasskey';
import { useRegistrationUser } from './useRegistrationUser';

/** 'Set up a new Passkey' for a signed-in user: create one, or skip to the list. */
export function PasskeyRegistrationStart() {
  const t = useT();
  const user = useRegistrationUser();
  if (user === 'noUser') {
    return (
      <div className="latch-screen">
        <h1 className="latch-title">{t('passkey.registrationStart.title')}</h1>
        <p className="latch-config-error" role="alert">
          {t('config.error.passkeyRegistrationNoUser')}
        </p>
      </div>
    );
  }
  return (
    <div className="latch-screen">
      <h1 className="latch-title">{t('passkey.registrationStart.title')}</h1>
      {user === 'checking' ? <Spinner /> : <StartButtons />}
    </div>
  );
}

function StartButtons() {
  const t = useT();
  const errorId = `${useId()}-error`;
  const { create, skip, error, busy } = useRegisterPasskey();
  return (
    <>
      <Button busy={busy} aria-describedby={error ? errorId : undefined} onClick={create}>
        {t('passkey.create')}
      </Button>
      <ErrorText id={errorId} text={error} />
      <button type="button" className="latch-button latch-button-secondary" disabled={busy} onClick={skip}>
        {t('passkey.skip')}
      </button>
    </>
  );
}
