import { useAtomValue } from 'jotai';
import { ApiError } from '@latch/api';
import { useErrorReporter } from '../../errors/useErrorReporter';
import type { Outcome } from '../../flow/transitions';
import { useFlow } from '../../hooks/useFlow';
import { useServices } from '../../services/ServicesContext';
import { passwordStateAtom } from '../../state/formAtoms';
import { useFinishAuthentication, useSessionDuration } from '../../session/useFinishAuthentication';
import { useResetEmail } from './useResetEmail';

/** Provider answers that mean "set a new password by email" rather than "try again". */
const RESET_OUTCOMES: Readonly<Record<string, Outcome>> = {
  reset_password: 'passwordResetRequired',
  breached_password: 'passwordBreached',
};

/**
 * PasswordCreateOrLogin's actions. Each resolves to an error text to show, or '' once the flow
 * has moved on.
 */
export function usePasswordLogin() {
  const { api } = useServices();
  const { email } = useAtomValue(passwordStateAtom);
  const session_duration_minutes = useSessionDuration();
  const finish = useFinishAuthentication();
  const sendResetEmail = useResetEmail();
  const dispatch = useFlow();
  const report = useErrorReporter();

  /** Starts a reset email, then goes where `outcome` leads (PasswordForgot, PasswordDedupe...). */
  const startReset = async (outcome: Outcome): Promise<string> => {
    try {
      await sendResetEmail();
      dispatch(outcome);
      return '';
    } catch (error) {
      return report(error);
    }
  };

  /** A reset_password answer (or breached on log in) starts a reset email instead of an error. */
  const resetOutcome = (error: unknown, allowBreached: boolean): Outcome | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    if (error.error_type === 'breached_password' && !allowBreached) return undefined;
    return Object.hasOwn(RESET_OUTCOMES, error.error_type) ? RESET_OUTCOMES[error.error_type] : undefined;
  };

  const create = async (password: string): Promise<string> => {
    try {
      const response = await api.call('POST /passwords', { email, password, session_duration_minutes });
      await finish(response, 'PASSWORD_CREATE', 'passwordCreated');
      return '';
    } catch (error) {
      const outcome = resetOutcome(error, false);
      return outcome ? startReset(outcome) : report(error);
    }
  };

  const authenticate = async (password: string): Promise<string> => {
    try {
      const response = await api.call('POST /passwords/authenticate', {
        email,
        password,
        session_duration_minutes,
      });
      await finish(response, 'PASSWORD_AUTHENTICATE', 'passwordAuthenticated');
      return '';
    } catch (error) {
      const outcome = resetOutcome(error, true);
      return outcome ? startReset(outcome) : report(error);
    }
  };

  return { email, create, authenticate, startReset };
}
