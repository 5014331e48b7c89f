import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import type { IdpAuthorizeParams, IdpLogoutParams } from '@latch/api';
import { Spinner } from '../../components/Spinner';
import { mountStateAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { ConsentView } from './ConsentView';
import { readIdpRequest, wantsNoUi } from './idpParams';
import { IdpError, IdpNotice, ReportedIdpError } from './IdpMessage';
import { LogoutConfirm } from './LogoutConfirm';
import { useAttestation } from './useAttestation';
import { useAuthorizeFlow } from './useAuthorizeFlow';
import { useHostAnswer } from '../../hooks/useHostAnswer';
import { useLogoutFlow } from './useLogoutFlow';
import { useSilentAuthorize } from './useSilentAuthorize';

/** The identity-provider mount: authorize with consent, or logout, chosen by the page's query. */
export function IdpConsent() {
  const t = useT();
  const ready = useHostAnswer();
  const { hostSearch, session, authTokenParams } = useAtomValue(mountStateAtom);
  const request = useMemo(() => readIdpRequest(hostSearch), [hostSearch]);
  // Only an authorize request needs a session; the token is attested once the host answered.
  const attestation = useAttestation(ready && request.flow === 'authorize' ? authTokenParams : undefined);
  if (!ready) return <Spinner />;
  if (request.flow === 'missing') {
    return <ReportedIdpError message={t('idp.missingParam', { param: request.param })} />;
  }
  if (request.flow === 'logout') return <LogoutFlow params={request.params} />;
  if (attestation === 'pending') return <Spinner />;
  if (attestation === 'failed') return <IdpError message={t('idp.attestFailed')} />;
  // Authorize needs an active session. Under prompt=none the relying party is
  // told instead (login_required), since the visitor must not be shown anything.
  if (!session && wantsNoUi(request.params)) return <SilentAuthorize params={request.params} />;
  if (!session) return <ReportedIdpError message={t('idp.noSession')} />;
  return <AuthorizeFlow params={request.params} sessionToken={session.session_token} />;
}

function AuthorizeFlow({ params, sessionToken }: { params: IdpAuthorizeParams; sessionToken: string }) {
  const t = useT();
  const { state, submit } = useAuthorizeFlow(params, sessionToken);
  switch (state.status) {
    case 'loading':
    case 'redirecting':
      return <Spinner />;
    case 'error':
      return <IdpError message={state.message} />;
    case 'denied':
      return <IdpNotice text={t('idp.denied')} />;
    case 'success':
      return <IdpNotice text={t('success.title')} />;
    case 'consent': {
      const { start } = state;
      return (
        <ConsentView
          start={start}
          redirectUri={params.redirect_uri}
          submitting={state.submitting}
          onSubmit={(granted) => void submit(start, granted)}
        />
      );
    }
  }
}

function SilentAuthorize({ params }: { params: IdpAuthorizeParams }) {
  const state = useSilentAuthorize(params);
  return state.status === 'error' ? <IdpError message={state.message} /> : <Spinner />;
}

function LogoutFlow({ params }: { params: IdpLogoutParams }) {
  const t = useT();
  const { state, logOut, decline } = useLogoutFlow(params);
  switch (state.status) {
    case 'loading':
    case 'redirecting':
      return <Spinner />;
    case 'error':
      return <IdpError message={state.message} />;
    case 'notLoggedOut':
      return <IdpNotice text={t('idp.logout.notLoggedOut')} />;
    case 'confirm': {
      const { redirectUri } = state;
      return <LogoutConfirm onYes={() => void logOut(redirectUri)} onNo={decline} />;
    }
  }
}
