import { ApiError, type OAuthPopupFailure } from '@latch/api';
import type { OAuthProviderConfig, WidgetError } from '@latch/protocol';
import { useAtomValue } from 'jotai';
import { useCallback, useEffect, useRef } from 'react';
import { describeError } from '../../errors/errorMessage';
import { useServices } from '../../services/ServicesContext';
import { useFinishAuthentication, useSessionDuration } from '../../session/useFinishAuthentication';
import { configAtom } from '../../state/widgetAtoms';
import { useT } from '../../strings/StringsContext';
import { oauthStartUrl } from './oauthStartUrl';
import { openPopup, popupAnswer } from './openPopup';
import { newPkcePair } from './pkcePair';
import { acceptPopupMessage } from './popupMessage';

/** How a popup sign-in ended without signing in: closed by the visitor (null), or an error. */
export type PopupSettled = (problem: WidgetError | null) => void;

/** A failure the popup's result page reported, as the API would have answered it. */
const resultError = (result: OAuthPopupFailure) =>
  new ApiError({
    status_code: 400,
    request_id: '',
    error_type: result.error_type,
    error_message: result.error_message,
    error_url: '',
  });

/**
 * `oauthOptions.mode: 'popup'`: signs in through a popup window, never leaving the host page.
 * The answer is `start`, called in the click: it opens the popup and answers false when the
 * browser blocked it (the caller then redirects as usual). The popup runs OAuth start with a
 * fresh PKCE challenge and ends on the auth origin's result page, which posts the single-use
 * token to this frame; the frame redeems it with the verifier it kept, hands the session to the
 * host like every sign-in, and shows 'Success!'.
 */
export function useOAuthPopup() {
  const { api, host } = useServices();
  const config = useAtomValue(configAtom);
  const session_duration_minutes = useSessionDuration();
  const finish = useFinishAuthentication();
  const t = useT();
  const current = useRef<AbortController | null>(null);
  // Leaving Main (or unmounting) forgets the attempt: a late result finds nobody listening.
  useEffect(() => () => current.current?.abort(), []);

  return useCallback(
    (provider: OAuthProviderConfig, settled: PopupSettled): boolean => {
      const popup = openPopup();
      if (!popup) return false;
      current.current?.abort();
      const controller = new AbortController();
      current.current = controller;
      const run = async () => {
        const { verifier, challenge } = await newPkcePair();
        popup.location.replace(oauthStartUrl(api, config, provider, { codeChallenge: challenge }));
        const attempt = { popup, origin: window.location.origin, challenge };
        const result = await popupAnswer(
          popup,
          (event) => acceptPopupMessage(event, attempt),
          controller.signal,
        );
        if (result === 'closed') return settled(null);
        if (!('token' in result)) throw resultError(result);
        const response = await api.call('POST /oauth/authenticate', {
          token: result.token,
          code_verifier: verifier,
          session_duration_minutes,
        });
        if (controller.signal.aborted) return;
        await finish(response, null, 'oauthAuthenticated');
      };
      run().catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const problem = describeError(error, t);
        void host.reportError(problem).catch(() => undefined);
        settled(problem);
      });
      return true;
    },
    [api, host, config, session_duration_minutes, finish, t],
  );
}
