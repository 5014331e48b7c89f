import { useCallback, useEffect, useState } from 'react';
import type { IdpAuthorizeParams, IdpAuthorizeStartResponse } from '@latch/api';
import { useErrorReporter } from '../../errors/useErrorReporter';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useServices } from '../../services/ServicesContext';
import { useRedirect } from './useRedirect';

export type AuthorizeState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'consent'; start: IdpAuthorizeStartResponse; submitting: boolean }
  | { status: 'redirecting' }
  | { status: 'denied' }
  | { status: 'success' };

/**
 * The authorize consent flow: start, then either submit at once (no consent
 * needed) or show the consent screen; a returned redirect_uri sends the host page there.
 */
export function useAuthorizeFlow(params: IdpAuthorizeParams, sessionToken: string) {
  const { api } = useServices();
  const emit = useEmitEvent();
  const report = useErrorReporter();
  const redirect = useRedirect();
  const [state, setState] = useState<AuthorizeState>({ status: 'loading' });

  const submit = useCallback(
    async (start: IdpAuthorizeStartResponse, granted: boolean) => {
      setState(
        start.consent_required ? { status: 'consent', start, submitting: true } : { status: 'loading' },
      );
      try {
        const { redirect_uri } = await api.call('POST /idp/oauth/authorize/submit', {
          ...params,
          consent_granted: granted,
        });
        const denied = start.consent_required && !granted;
        const data = { client_id: params.client_id, consent_granted: granted };
        // Emitted before leaving too: the host page learns the outcome even though it navigates.
        emit(denied ? 'OAUTH_AUTHORIZE_FLOW_CONSENT_DENIED' : 'OAUTH_AUTHORIZE_FLOW_COMPLETE', data);
        if (!redirect_uri) {
          setState({ status: denied ? 'denied' : 'success' });
          return;
        }
        setState({ status: denied ? 'denied' : 'redirecting' });
        if (!(await redirect(redirect_uri)))
          setState({ status: 'error', message: report(new Error('refused')) });
      } catch (error) {
        setState({ status: 'error', message: report(error) });
      }
    },
    [api, params, emit, redirect, report],
  );

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    emit('OAUTH_AUTHORIZE_FLOW_START', { client_id: params.client_id });
    api.call('POST /idp/oauth/authorize/start', params).then(
      (start) => {
        if (!live) return;
        if (start.consent_required) setState({ status: 'consent', start, submitting: false });
        else void submit(start, false);
      },
      (error: unknown) => {
        if (live) setState({ status: 'error', message: report(error) });
      },
    );
    return () => {
      live = false;
    };
    // Runs again only for another session or request; the callbacks are stable.
  }, [sessionToken, params, api, emit, submit, report]);

  return { state, submit };
}
