import { useAtomValue, useSetAtom } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import type { MountState } from '@latch/protocol';
import { describeError } from '../../errors/errorMessage';
import { useServices } from '../../services/ServicesContext';
import { handSessionToHost } from '../../session/handSessionToHost';
import { sessionDuration } from '../../session/sessionDuration';
import { adoptSessionAtom, announceAtom, configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';

export type AuthTokenParams = NonNullable<MountState['authTokenParams']>;

/** `idle`: no token to attest; `pending` until the provider answers; then `done` or `failed`. */
export type AttestationStatus = 'idle' | 'pending' | 'done' | 'failed';

/**
 * The identity-provider mount's `authTokenParams`: the trusted auth token is exchanged for a
 * session (`POST /sessions/attest`) before the authorize flow, which then runs with that session.
 * The session also goes to the host, as after any sign-in.
 */
export function useAttestation(params: AuthTokenParams | undefined): AttestationStatus {
  const { api, host } = useServices();
  const config = useAtomValue(configAtom);
  const adoptSession = useSetAtom(adoptSessionAtom);
  const t = useT();
  const announce = useSetAtom(announceAtom);
  // The outcome is kept with the token it is for: a new token is `pending` from its first render,
  // so the screen never shows "no session" in between.
  const [result, setResult] = useState<{ key: string; status: 'done' | 'failed' } | null>(null);
  const profileId = params?.tokenProfileID;
  const token = params?.trustedAuthToken;
  const key = profileId === undefined || token === undefined ? null : `${profileId}\n${token}`;
  const minutes = sessionDuration(config);

  // A token is sent once: with a token id mapped, a second attempt would be refused as a replay,
  // and the effect runs again whenever the host's update gives new strings or options.
  const started = useRef<string | null>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (key === null || profileId === undefined || token === undefined || started.current === key) return;
    started.current = key;
    // A newer token (or an unmount) makes this answer stale.
    const current = () => mounted.current && started.current === key;
    api
      .call('POST /sessions/attest', {
        profile_id: profileId,
        token,
        session_duration_minutes: minutes,
      })
      .then(
        async (response) => {
          if (!current()) return;
          adoptSession({ session_token: response.session_token, session_jwt: response.session_jwt });
          await handSessionToHost(host, response);
          if (current()) setResult({ key, status: 'done' });
        },
        (error: unknown) => {
          if (!current()) return;
          // Whatever the provider said (expired, wrong audience, unknown profile), the visitor and
          // the host get the one message of the spec; the host still learns the error_type.
          const message = t('idp.attestFailed');
          announce(message);
          void host.reportError({ ...describeError(error, t), message }).catch(() => undefined);
          setResult({ key, status: 'failed' });
        },
      );
  }, [key, profileId, token, minutes, api, host, adoptSession, announce, t]);

  if (key === null) return 'idle';
  return result?.key === key ? result.status : 'pending';
}
