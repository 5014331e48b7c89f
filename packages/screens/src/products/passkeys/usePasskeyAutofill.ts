import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef, useState } from 'react';
import { configAtom } from '../../state/widgetAtoms';
import { useAutofillSupport } from './useAutofillSupport';
import { usePasskeyLogin } from './usePasskeyLogin';

/** The autofill request is made at most this many times. */
export const PASSKEY_AUTOFILL_ATTEMPTS = 5;

export interface PasskeyAutofill {
  /** The email field's `autocomplete`: with `webauthn` the browser lists passkeys under it. */
  autoComplete: 'email' | 'username webauthn';
  /** Cancels the pending request, e.g. when the visitor submits the form. */
  pause: () => void;
  /** Asks again after a submit that left the visitor on the form (attempts left are kept). */
  resume: () => void;
}

/**
 * Passkey sign-in through the email field's autofill (conditional mediation) when passkeys are
 * configured and the browser supports it. The request is aborted when the field unmounts.
 */
export function usePasskeyAutofill(): PasskeyAutofill {
  const enabled = useAtomValue(configAtom).products.includes('passkeys');
  const supported = useAutofillSupport(enabled) === true;
  const login = usePasskeyLogin();
  const [paused, setPaused] = useState(false);
  const attemptsLeft = useRef(PASSKEY_AUTOFILL_ATTEMPTS);
  const controller = useRef<AbortController | null>(null);
  const active = supported && !paused;
  // The latest login, so new mount options from the host do not restart a pending request.
  const latestLogin = useRef(login);
  useEffect(() => {
    latestLogin.current = login;
  }, [login]);

  useEffect(() => {
    if (!active) return;
    const current = new AbortController();
    controller.current = current;
    void (async () => {
      while (attemptsLeft.current > 0 && !current.signal.aborted) {
        const result = await latestLogin.current({ conditional: true, signal: current.signal });
        if (result !== 'failed') return;
        attemptsLeft.current -= 1;
      }
    })();
    return () => current.abort();
  }, [active]);

  const pause = useCallback(() => {
    controller.current?.abort();
    setPaused(true);
  }, []);
  const resume = useCallback(() => setPaused(false), []);
  return { autoComplete: supported ? 'username webauthn' : 'email', pause, resume };
}
