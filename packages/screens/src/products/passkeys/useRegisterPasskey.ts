import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useFlow } from '../../hooks/useFlow';
import { useInFlight } from '../../hooks/useInFlight';
import { useServices } from '../../services/ServicesContext';
import { useFinishAuthentication } from '../../session/useFinishAuthentication';
import { announceAtom, configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { loadCeremony } from './loadCeremony';
import { registerPasskey } from './passkeyCalls';
import { registrationErrorId } from './passkeyErrors';
import { registrationSkippedAtom, setPasskeysAtom } from './passkeyListAtoms';
import { reportPasskeyError } from './reportPasskeyError';

/** PasskeyRegistrationStart's logic: create a passkey (session to the host) or skip. */
export function useRegisterPasskey() {
  const t = useT();
  const { api, host } = useServices();
  const config = useAtomValue(configAtom);
  const setPasskeys = useSetAtom(setPasskeysAtom);
  const setSkipped = useSetAtom(registrationSkippedAtom);
  const announce = useSetAtom(announceAtom);
  const dispatch = useFlow();
  const emit = useEmitEvent();
  const finish = useFinishAuthentication();
  const { busy, run } = useInFlight();
  const [error, setError] = useState('');

  // Fetch the ceremony code now, so the click reaches the browser prompt while it still counts as a gesture.
  useEffect(() => {
    void loadCeremony().catch(() => undefined);
  }, []);

  const create = () =>
    void run(async () => {
      setError('');
      try {
        const response = await registerPasskey(api, config);
        setPasskeys(response.user.webauthn_registrations);
        setSkipped(false);
        await finish(response, 'PASSKEY_REGISTER', 'passkeyRegistered');
      } catch (failure) {
        const message = t(registrationErrorId(failure));
        setError(message);
        announce(message);
        reportPasskeyError(host, failure, message);
      }
    });

  const skip = () => {
    emit('PASSKEY_SKIP', {});
    setSkipped(true);
    dispatch('passkeySkipped');
  };

  return { create, skip, error, busy };
}
