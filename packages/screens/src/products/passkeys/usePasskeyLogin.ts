import { useAtomValue, useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useFlow } from '../../hooks/useFlow';
import { useServices } from '../../services/ServicesContext';
import { setErrorDescriptorAtom } from '../../state/formAtoms';
import { configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import type { PasskeyLoginOptions, PasskeyLoginResult } from './passkeyLogin';

export type { PasskeyLoginOptions, PasskeyLoginResult } from './passkeyLogin';

/** Loads the sign-in code (its own chunk, with the WebAuthn calls) on first use. */
export function loadPasskeyLogin() {
  return import('./passkeyLogin');
}

/**
 * Signs in with a passkey (`passkeyLogin`): session to the host, PASSKEY_AUTHENTICATE, then
 * PasskeyConfirmation. Failures set Main's error banner and go to the host's error callback.
 */
export function usePasskeyLogin(): (options: PasskeyLoginOptions) => Promise<PasskeyLoginResult> {
  const { api, host } = useServices();
  const config = useAtomValue(configAtom);
  const setDescriptor = useSetAtom(setErrorDescriptorAtom);
  const dispatch = useFlow();
  const emit = useEmitEvent();
  const t = useT();

  return useCallback(
    async (options) => {
      const { passkeyLogin } = await loadPasskeyLogin();
      return passkeyLogin({ api, host, config, setDescriptor, dispatch, emit, t }, options);
    },
    [api, config, host, emit, dispatch, setDescriptor, t],
  );
}
