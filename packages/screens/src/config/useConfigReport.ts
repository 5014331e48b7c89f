import { useAtomValue } from 'jotai';
import { useEffect, useRef } from 'react';
import { useServices } from '../services/ServicesContext';
import { hostAnsweredAtom, mountStateAtom } from '../state/widgetAtoms';
import { useT } from '../strings/StringsContext';
import { CONFIG_ERROR_FIXES, configErrors } from './configErrors';
import { unhonouredMessage, unhonouredOptions } from './unhonouredOptions';

/**
 * Tells the host's `onError` what is wrong with its options: each configuration error of a login
 * mount and each option that has no effect yet, once per set of options the host sends.
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
    const errors = mount.kind === 'login' ? configErrors(mount.config) : [];
    const messages = [
      ...errors.map((id) => withFix(t(id), CONFIG_ERROR_FIXES[id])),
      ...unhonouredOptions(mount).map(unhonouredMessage),
    ];
    for (const message of messages) void host.reportError({ message }).catch(() => undefined);
  }, [answered, mount, host, t]);
}

/** The on-screen text, closed as a sentence, then what to change. */
function withFix(text: string, fix: string | undefined): string {
  if (!fix) return text;
  return `${text}${/[.!?]$/.test(text) ? '' : '.'} ${fix}`;
}
