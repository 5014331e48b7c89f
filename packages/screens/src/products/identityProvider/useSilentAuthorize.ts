import { useEffect, useState } from 'react';
import type { IdpAuthorizeParams } from '@latch/api';
import { useErrorReporter } from '../../errors/useErrorReporter';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useServices } from '../../services/ServicesContext';
import { useRedirect } from './useRedirect';

export type SilentAuthorizeState = { status: 'redirecting' } | { status: 'error'; message: string };

/**
 * `prompt=none` without a session: no start (it needs a session), only the submit, which answers
 * the `login_required` redirect for the relying party (or the request's own error) without UI.
 */
export function useSilentAuthorize(params: IdpAuthorizeParams): SilentAuthorizeState {
  const { api } = useServices();
  const emit = useEmitEvent();
  const report = useErrorReporter();
  const redirect = useRedirect();
  const [state, setState] = useState<SilentAuthorizeState>({ status: 'redirecting' });

  useEffect(() => {
    let live = true;
    const fail = (error: unknown) => {
      if (live) setState({ status: 'error', message: report(error) });
    };
    setState({ status: 'redirecting' });
    emit('OAUTH_AUTHORIZE_FLOW_START', { client_id: params.client_id });
    api
      .call('POST /idp/oauth/authorize/submit', { ...params, consent_granted: false })
      .then(async ({ redirect_uri }) => {
        if (!live) return;
        // Without a redirect there is nothing the relying party could be told; say so.
        if (!redirect_uri || !(await redirect(redirect_uri))) fail(new Error('refused'));
      }, fail);
    return () => {
      live = false;
    };
  }, [params, api, emit, redirect, report]);

  return state;
}
