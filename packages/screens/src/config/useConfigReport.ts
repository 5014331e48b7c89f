import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useServices } from '../services/ServicesContext';
import { hostAnsweredAtom, mountStateAtom } from '../state/widgetAtoms';
import { useT } from '../strings/StringsContext';

/**
 * Tells the host's `onError` what is wrong with its options, once per set of options the host
 * sends. The checks load after the first screen: they never change what the visitor sees.
 */
export function useConfigReport(): void {
  const mount = useAtomValue(mountStateAtom);
  const answered = useAtomValue(hostAnsweredAtom);
  const { host } = useServices();
  const t = useT();
  const reportedFor = useRef<string | null>(null);
  useEffect(() => {
    // Before the host answers, the options are the URL's copy and the host's strings are not in yet.
    if (!answered) return;
    const key = JSON.stringify([mount.kind, mount.config, mount.authTokenParams ?? null]);
    if (reportedFor.current === key) return;
    reportedFor.current = key;
    void import('./configReport').then(({ configReport }) => {
      for (const message of configReport(mount, t)) void host.reportError({ message }).catch(() => undefined);
    });
  }, [answered, mount, host, t]);
}
