import { useEffect, useRef } from 'react';
import { useFlow } from '../../hooks/useFlow';

/**
 * Runs a wallet step once when its screen shows; a failure is logged with the step's name and
 * leads to CryptoError.
 */
export function useWalletStep(step: () => Promise<void>, failureLog: string): void {
  const dispatch = useFlow();
  const started = useRef(false);
  const latest = useRef(step);
  latest.current = step;
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    latest.current().catch((error: unknown) => {
      console.error(failureLog, error);
      dispatch('walletFailed');
    });
  }, [dispatch, failureLog]);
}
