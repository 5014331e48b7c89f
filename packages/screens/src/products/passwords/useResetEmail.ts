import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useServices } from '../../services/ServicesContext';
import { passwordStateAtom } from '../../state/formAtoms';
import { configAtom } from '../../state/widgetAtoms';
import { startPasswordReset } from './startPasswordReset';

/** Sends the reset-password email for the stored email and emits PASSWORD_RESET_BY_EMAIL_START. */
export function useResetEmail(): () => Promise<void> {
  const { api } = useServices();
  const config = useAtomValue(configAtom);
  const { email } = useAtomValue(passwordStateAtom);
  const emit = useEmitEvent();
  return useCallback(async () => {
    const response = await startPasswordReset(api, email, config);
    emit('PASSWORD_RESET_BY_EMAIL_START', response);
  }, [api, email, config, emit]);
}
