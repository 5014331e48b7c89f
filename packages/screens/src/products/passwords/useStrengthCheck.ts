import { useEffect, useMemo, useState } from 'react';
import type { PasswordStrengthResponse } from '@latch/api';
import { useErrorReporter } from '../../errors/useErrorReporter';
import { useServices } from '../../services/ServicesContext';
import { compact } from '../compact';
import { loadZxcvbn, type ScoreEstimator } from './loadZxcvbn';

/** Keystrokes closer together than this make one server check. */
export const STRENGTH_CHECK_DEBOUNCE_MS = 300;

export interface StrengthView {
  /** The provider's answer for exactly the password typed now; only it may enable Continue. */
  current: PasswordStrengthResponse | null;
  /** The latest answer, possibly for an earlier password: its policy and feedback stay on screen. */
  latest: PasswordStrengthResponse | null;
  /** The meter's score: the provider's for this password, else the in-browser zxcvbn estimate. */
  score: number | null;
  error: string;
}

/**
 * The password strength check: the provider is asked once typing pauses (previous
 * request aborted, stale answers dropped) and stays authoritative; under the zxcvbn policy the
 * lazily loaded in-browser zxcvbn moves the meter on every keystroke meanwhile.
 */
export function useStrengthCheck(password: string, email?: string): StrengthView {
  const { api } = useServices();
  const report = useErrorReporter();
  const [answer, setAnswer] = useState<{ password: string; strength: PasswordStrengthResponse } | null>(null);
  const [failure, setFailure] = useState<{ password: string; message: string } | null>(null);
  const [estimate, setEstimate] = useState<{ run: ScoreEstimator } | null>(null);

  useEffect(() => {
    let live = true;
    loadZxcvbn()
      .then((run) => live && setEstimate({ run }))
      .catch(() => undefined); // the provider's check still works without instant feedback
    return () => {
      live = false;
    };
  }, []);

  useEffect(() => {
    if (!password) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .call(
          'POST /passwords/strength_check',
          { password, ...compact({ email }) },
          { signal: controller.signal },
        )
        .then(
          (strength) => {
            if (controller.signal.aborted) return;
            setAnswer({ password, strength });
            setFailure(null);
          },
          (error: unknown) => {
            if (!controller.signal.aborted) setFailure({ password, message: report(error) });
          },
        );
    }, STRENGTH_CHECK_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [password, email, api, report]);

  const latest = answer?.strength ?? null;
  const current = answer && answer.password === password ? answer.strength : null;
  const localScore = useMemo(
    () =>
      password && estimate && latest?.strength_policy === 'zxcvbn'
        ? estimate.run(password, email ? [email] : [])
        : null,
    [password, email, estimate, latest?.strength_policy],
  );
  return {
    current,
    latest: password ? latest : null,
    score: password ? (current?.score ?? localScore ?? latest?.score ?? null) : null,
    error: failure && failure.password === password ? failure.message : '',
  };
}
