import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { AuthenticateResponse } from '@latch/api';
import { DEFAULTS } from '@latch/protocol';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useFlow } from '../../hooks/useFlow';
import type { Outcome } from '../../flow/transitions';
import { useServices } from '../../services/ServicesContext';
import { configAtom } from '../../state/widgetAtoms';

/** The session length every password and reset-token authenticate asks for (default 30 minutes). */
export function useSessionDuration(): number {
  return useAtomValue(configAtom).sessionOptions?.sessionDurationMinutes ?? DEFAULTS.sessionDurationMinutes;
}

/** The events whose payload is the authenticate response itself. */
type AuthenticateEvent =
  'PASSWORD_CREATE' | 'PASSWORD_AUTHENTICATE' | 'PASSWORD_RESET_BY_EMAIL' | 'CRYPTO_WALLET_AUTHENTICATE';

/** After a successful authenticate: session to the host, the product event, then the next screen. */
export function useFinishAuthentication() {
  const { host } = useServices();
  const emit = useEmitEvent();
  const dispatch = useFlow();
  return useCallback(
    async (response: AuthenticateResponse, event: AuthenticateEvent | null, outcome: Outcome) => {
      const { session_token, session_jwt, session, user } = response;
      await host.setSession({ session_token, session_jwt, session, user }).catch(() => undefined);
      if (event) emit(event, response);
      dispatch(outcome);
    },
    [host, emit, dispatch],
  );
}
