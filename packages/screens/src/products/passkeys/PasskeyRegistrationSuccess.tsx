import { useAtomValue } from 'jotai';
import { useId, useMemo, useRef } from 'react';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useFlow } from '../../hooks/useFlow';
import { useT } from '../../strings/StringsContext';
import { registrationSkippedAtom } from './passkeyListAtoms';
import { PasskeyRow } from './PasskeyRow';
import { usePasskeyList } from './usePasskeyList';
import { useRowFocus } from './useRowFocus';

/**
 * 'Passkey successfully created!' (or, reached by Skip, 'Passkey setup skipped'): the user's
 * passkeys, renamed or deleted in place.
 */
export function PasskeyRegistrationSuccess() {
  const t = useT();
  const id = useId();
  const dispatch = useFlow();
  const emit = useEmitEvent();
  const skipped = useAtomValue(registrationSkippedAtom);
  const { passkeys, mode, setMode, saveName, confirmDelete, renaming } = usePasskeyList();
  const list = useRef<HTMLUListElement>(null);
  const confirm = useRef<HTMLButtonElement>(null);
  const fallback = useRef<HTMLButtonElement>(null);
  const refs = useMemo(() => ({ list, confirm, fallback }), []);
  useRowFocus(mode, refs);

  return (
    <div className="latch-screen">
      <h1 className="latch-title">
        {t(skipped ? 'passkey.registrationSkipped.title' : 'passkey.registrationSuccess.title')}
      </h1>
      {passkeys.length > 0 && (
        <section className="latch-passkeys" aria-labelledby={`${id}-existing`}>
          <h2 id={`${id}-existing`} className="latch-passkeys-title">
            {t('passkey.existing')}
          </h2>
          <ul ref={list} className="latch-passkey-list">
            {passkeys.map((passkey, index) => (
              <PasskeyRow
                key={passkey.webauthn_registration_id}
                id={passkey.webauthn_registration_id}
                name={passkey.name}
                label={passkey.name || t('passkey.unnamed', { number: index + 1 })}
                mode={mode}
                onMode={setMode}
                onSave={saveName}
              />
            ))}
          </ul>
        </section>
      )}
      {mode.type === 'deleting' ? (
        <>
          <button
            ref={confirm}
            type="button"
            className="latch-button latch-button-danger"
            aria-describedby={`${id}-warning`}
            onClick={confirmDelete}
          >
            {t('passkey.delete')}
          </button>
          <p id={`${id}-warning`} className="latch-error-text" role="alert">
            {t('passkey.deleteWarning')}
          </p>
          <button
            type="button"
            className="latch-button latch-button-secondary"
            onClick={() => setMode({ type: 'viewing' })}
          >
            {t('passkey.cancel')}
          </button>
        </>
      ) : (
        <>
          <button
            ref={fallback}
            type="button"
            className="latch-button"
            disabled={renaming}
            onClick={() => dispatch('setUpAnotherPasskey')}
          >
            {t('passkey.setupAnother')}
          </button>
          <button
            type="button"
            className="latch-button latch-button-secondary"
            disabled={renaming}
            onClick={() => emit('PASSKEY_DONE', {})}
          >
            {t('passkey.done')}
          </button>
        </>
      )}
    </div>
  );
}
