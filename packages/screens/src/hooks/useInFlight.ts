import { useCallback, useRef, useState } from 'react';

/** Runs one request at a time: a submit while one is in flight is ignored. */
export function useInFlight(): { busy: boolean; run: (task: () => Promise<void>) => Promise<void> } {
  const inFlight = useRef(false);
  const [busy, setBusy] = useState(false);
  const run = useCallback(async (task: () => Promise<void>) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    try {
      await task();
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
