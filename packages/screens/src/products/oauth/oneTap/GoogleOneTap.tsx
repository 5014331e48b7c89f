import { ApiError } from '@latch/api';
import { oneTapProvider } from '@latch/protocol';
import { useAtomValue } from 'jotai';
import { useEffect, useRef, useState } from 'react';
import { LinkedText } from '../../../components/LinkedText';
import { Spinner } from '../../../components/Spinner';
import { useServices } from '../../../services/ServicesContext';
import { configAtom } from '../../../state/widgetAtoms';
import { useT } from '../../../strings/StringsContext';
import OAuthButtons from '../OAuthButtons';
import { loadGsi, type GsiId, type PromptMoment } from './gsiClient';
import { heightFollower, ONE_TAP_HEIGHT } from './heightFollower';
import { oneTapStart, oneTapSubmit } from './oneTapApi';
import { apiOneTapError, gsiOneTapError, ONE_TAP_ERRORS, type OneTapError } from './oneTapErrors';

/**
 * One Tap's states: pending (starting, Google's prompt not shown yet), rendered (the prompt is
 * shown), cancelled (the visitor closed it, or it could not show) and error (a configuration
 * error, with its developer message). Cancelled and error fall back to the Google button.
 */
export type OneTapState =
  | { kind: 'pending' }
  | { kind: 'rendered' }
  | { kind: 'cancelled'; problem?: string }
  | { kind: 'error'; error: OneTapError };

/** Google's script finds the prompt's parent by id; the frame document has one widget. */
export const PROMPT_PARENT_ID = 'latch-one-tap-prompt';

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * Google One Tap in Main (used only when OAuth is the only product, with a single Google provider
 * that has `one_tap`): starts at the provider, loads Google's script, shows the prompt embedded in
 * the card (47 px until it reports its height) and hands the credential to the provider, whose
 * answer is the landing page the host navigates to.
 */
export default function GoogleOneTap() {
  const t = useT();
  const config = useAtomValue(configAtom);
  const { api, host } = useServices();
  const [state, setState] = useState<OneTapState>({ kind: 'pending' });
  const [height, setHeight] = useState(ONE_TAP_HEIGHT);
  const [signingIn, setSigningIn] = useState(false);
  const promptRef = useRef<HTMLDivElement>(null);
  const provider = oneTapProvider(config);

  useEffect(() => {
    let live = true;
    let gsi: GsiId | null = null;
    const report = (message: string, errorType?: string) =>
      void host
        .reportError({ message, ...(errorType ? { error_type: errorType } : {}) })
        .catch(() => undefined);
    const fail = (error: OneTapError) => {
      if (!live) return;
      const { id, errorType } = ONE_TAP_ERRORS[error];
      setState({ kind: 'error', error });
      report(t(id, { origin: window.location.origin }), errorType);
    };
    const giveUp = (problem: string, errorType?: string) => {
      if (!live) return;
      setState({ kind: 'cancelled', problem });
      report(problem, errorType);
    };

    const onMoment = (moment: PromptMoment) => {
      if (!live) return;
      if (moment.isDisplayMoment()) {
        if (moment.isNotDisplayed?.()) {
          const reason = moment.getNotDisplayedReason?.();
          const error = gsiOneTapError(reason);
          if (error) fail(error);
          else setState({ kind: 'cancelled' });
        } else {
          setState({ kind: 'rendered' });
        }
      } else if (moment.isSkippedMoment()) {
        // Closed by the visitor (or by a tap outside): the ordinary Google button stays.
        setState({ kind: 'cancelled' });
      }
      // A dismissed moment with a credential is followed by the callback; others need nothing.
    };

    void (async () => {
      let start;
      try {
        start = await oneTapStart(api, config);
      } catch (error) {
        const known = error instanceof ApiError ? apiOneTapError(error.error_type) : null;
        if (known) fail(known);
        else giveUp(messageOf(error), error instanceof ApiError ? error.error_type : undefined);
        return;
      }
      try {
        gsi = await loadGsi(start.gsiUrl);
      } catch (error) {
        giveUp(messageOf(error));
        return;
      }
      if (!live) return;
      const { callbackId } = start;
      gsi.initialize({
        client_id: start.googleClientId,
        ...(start.nonce ? { nonce: start.nonce } : {}),
        auto_select: false,
        context: 'use',
        itp_support: true,
        // FedCM (the browser's own account chooser) unless the legacy embedded prompt is forced.
        use_fedcm_for_prompt: provider?.position !== 'forceLegacyEmbedded',
        cancel_on_tap_outside: provider?.cancel_on_tap_outside ?? true,
        prompt_parent_id: PROMPT_PARENT_ID,
        callback: ({ credential }) => {
          if (!live) return;
          setSigningIn(true);
          void (async () => {
            try {
              const url = await oneTapSubmit(api, config, callbackId, credential);
              const answer = await host.navigate({ url, reason: 'flow_redirect' });
              if (!answer.accepted) giveUp(t('oneTap.error.landingRefused'));
            } catch (error) {
              giveUp(messageOf(error), error instanceof ApiError ? error.error_type : undefined);
            } finally {
              if (live) setSigningIn(false);
            }
          })();
        },
      });
      gsi.prompt(onMoment);
    })();
    return () => {
      live = false;
      gsi?.cancel();
    };
    // One run per mount: the config and services of a mounted widget do not change.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const showsPrompt = state.kind === 'pending' || state.kind === 'rendered';
  useEffect(() => {
    const parent = promptRef.current;
    if (!showsPrompt || !parent || typeof ResizeObserver === 'undefined') return;
    const follower = heightFollower(setHeight);
    const observer = new ResizeObserver(([entry]) => follower.resized(entry?.contentRect.height ?? 0));
    observer.observe(parent);
    return () => {
      observer.disconnect();
      follower.stop();
    };
  }, [showsPrompt]);

  if (showsPrompt) {
    return (
      <div className="latch-one-tap" data-state={state.kind} style={{ height: `${height}px` }}>
        {(state.kind === 'pending' || signingIn) && <Spinner />}
        <div id={PROMPT_PARENT_ID} ref={promptRef} hidden={signingIn} />
      </div>
    );
  }
  return (
    <div className="latch-one-tap-fallback" data-state={state.kind}>
      {state.kind === 'error' && (
        <p className="latch-config-error" role="alert">
          <LinkedText text={t(ONE_TAP_ERRORS[state.error].id, { origin: window.location.origin })} />
        </p>
      )}
      {state.kind === 'cancelled' && state.problem && (
        <p className="latch-error-text" role="alert">
          {state.problem}
        </p>
      )}
      <OAuthButtons />
    </div>
  );
}
