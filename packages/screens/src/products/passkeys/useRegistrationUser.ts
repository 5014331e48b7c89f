import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useState } from 'react';
import { useServices } from '../../services/ServicesContext';
import { hostAnsweredAtom, mountStateAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { passkeysAtom, setPasskeysAtom } from './passkeyListAtoms';
import { reportPasskeyError } from './reportPasskeyError';

/**
 * The frame renders before the host's `ready()` answer, which carries the session; without an
 * answer at all (the channel never connected) the screen gives up after the connect time-out.
 */
export const SESSION_WAIT_MS = 10_000;

export type RegistrationUserState = 'checking' | 'ready' | 'noUser';

/**
 * The registration mount needs a signed-in user. Checks `GET /users/me` with
 * the host's session (sent by the API client) and keeps the user's passkeys for the list.
 */
export function useRegistrationUser(): RegistrationUserState {
  const t = useT();
  const { api, host } = useServices();
  const mount = useAtomValue(mountStateAtom);
  const known = useAtomValue(passkeysAtom) !== null;
  const setPasskeys = useSetAtom(setPasskeysAtom);
  const [checked, setChecked] = useState<{ token: string; ok: boolean } | null>(null);
  const [waitedOut, setWaitedOut] = useState(false);
  const token = mount.session?.session_token ?? null;
  const hostAnswered = useAtomValue(hostAnsweredAtom);

  useEffect(() => {
    if (!token) return;
    let live = true;
    api.call('GET /users/me', undefined).then(
      (user) => {
        if (!live) return;
        setPasskeys(user.webauthn_registrations);
        setChecked({ token, ok: true });
      },
      (error: unknown) => {
        if (!live) return;
        setChecked({ token, ok: false });
        reportPasskeyError(host, error, t('config.error.passkeyRegistrationNoUser'));
      },
    );
    return () => {
      live = false;
    };
  }, [token, api, host, setPasskeys, t]);

  useEffect(() => {
    if (token || hostAnswered) return;
    const timer = setTimeout(() => setWaitedOut(true), SESSION_WAIT_MS);
    return () => clearTimeout(timer);
  }, [token, hostAnswered]);

  const noSession = !token && (hostAnswered || waitedOut);
  useEffect(() => {
    if (noSession) reportPasskeyError(host, null, t('config.error.passkeyRegistrationNoUser'));
  }, [noSession, host, t]);

  if (token) {
    if (checked?.token === token) return checked.ok ? 'ready' : 'noUser';
    // Back from the success screen the user is known; show the screen while checking again.
    return known ? 'ready' : 'checking';
  }
  return noSession ? 'noUser' : 'checking';
}
