import { useCallback, useEffect, useState } from 'react';
import type { IdpLogoutParams } from '@latch/api';
import { useErrorReporter } from '../../errors/useErrorReporter';
import { useServices } from '../../services/ServicesContext';
import { useRedirect } from './useRedirect';

export type LogoutState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'confirm'; redirectUri: string }
  | { status: 'redirecting' }
  | { status: 'notLoggedOut' };

/**
 * The logout flow: start; without consent needed, or on Yes, revoke the session
 * (errors ignored), clear the host's cookies and go to the redirect URI; No leaves things as they are.
 */
export function useLogoutFlow(params: IdpLogoutParams) {
  const { api, host } = useServices();
  const report = useErrorReporter();
  const redirect = useRedirect();
  const [state, setState] = useState<LogoutState>({ status: 'loading' });

  const logOut = useCallback(
    async (redirectUri: string) => {
      setState({ status: 'redirecting' });
      // Without a session the revoke fails harmlessly; its errors are ignored either way.
      await api.call('POST /sessions/revoke', {}).catch(() => undefined);
      await host.clearSession({}).catch(() => undefined);
      if (!(await redirect(redirectUri)))
        setState({ status: 'error', message: report(new Error('refused')) });
    },
    [api, host, redirect, report],
  );

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    api.call('POST /oauth/logout/start', params).then(
      ({ redirect_uri, consent_required }) => {
        if (!live) return;
        if (consent_required) setState({ status: 'confirm', redirectUri: redirect_uri });
        else void logOut(redirect_uri);
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', message: report(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [params, api, logOut, report]);

  const decline = useCallback(() => setState({ status: 'notLoggedOut' }), []);
  return { state, logOut, decline };
}
