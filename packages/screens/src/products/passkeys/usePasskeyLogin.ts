import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useFlow } from '../../hooks/useFlow';
import { useServices } from '../../services/ServicesContext';
import { setErrorDescriptorAtom } from '../../state/formAtoms';
import { configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { authenticateWithPasskey } from './passkeyCalls';
import { authenticationErrorId, isCancelled } from './passkeyErrors';
import { reportPasskeyError } from './reportPasskeyError';

/** `stopped`: aborted or dismissed, do not ask again; `failed`: may be retried. */
export type PasskeyLoginResult = 'ok' | 'failed' | 'stopped';

export interface PasskeyLoginOptions {
  conditional: boolean;
  signal?: AbortSignal;
}

/**
 * Signs in with a passkey: session to the host, PASSKEY_AUTHENTICATE, then PasskeyConfirmation.
 * Failures set Main's error banner and go to the host's error callback.
 */
export function usePasskeyLogin(): (options: PasskeyLoginOptions) => Promise<PasskeyLoginResult> {
  const { api, host } = useServices();
  const config = useAtomValue(configAtom);
  const setDescriptor = useSetAtom(setErrorDescriptorAtom);
  const dispatch = useFlow();
  const emit = useEmitEvent();
  const t = useT();

  return useCallback(
    async ({ conditional, signal }) => {
      try {
        const response = await authenticateWithPasskey(api, config, { conditional, signal });
        if (signal?.aborted) return 'stopped';
        const { session_token, session_jwt, session, user } = response;
        await host.setSession({ session_token, session_jwt, session, user }).catch(() => undefined);
        emit('PASSKEY_AUTHENTICATE', response);
        dispatch('passkeyAuthenticated');
        return 'ok';
      } catch (error) {
        if (signal?.aborted) return 'stopped';
        const id = authenticationErrorId(error, conditional);
        if (id) setDescriptor({ id });
        if (!isCancelled(error)) {
          const message = id ? t(id) : error instanceof Error ? error.message : String(error);
          reportPasskeyError(host, error, message);
        }
        return isCancelled(error) ? 'stopped' : 'failed';
      }
    },
    [api, config, host, emit, dispatch, setDescriptor, t],
  );
}
