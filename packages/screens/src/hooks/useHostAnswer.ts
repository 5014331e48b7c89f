import { useAtomValue } from 'jotai';
import { useEffect, useState } from 'react';
import { hostAnsweredAtom } from '../state/widgetAtoms';

/** Like the passkey registration mount: without any answer a screen stops waiting after this. */
export const HOST_WAIT_MS = 10_000;

/**
 * True once the host's `ready()` answer is in: the page's query string, the reset token and the
 * session arrive with it, so no flow may start (or conclude that one is missing) before.
 */
export function useHostAnswer(): boolean {
  const answered = useAtomValue(hostAnsweredAtom);
  const [waitedOut, setWaitedOut] = useState(false);
  useEffect(() => {
    if (answered) return;
    const timer = setTimeout(() => setWaitedOut(true), HOST_WAIT_MS);
    return () => clearTimeout(timer);
  }, [answered]);
  return answered || waitedOut;
}
