import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useServices } from '../services/ServicesContext';
import { announceAtom } from '../state/widgetAtoms';
import { useT } from '../strings/StringsContext';
import { describeError } from './errorMessage';

/** Turns a failure into the text to show, announces it, and reports it to the host. */
export function useErrorReporter(): (error: unknown) => string {
  const t = useT();
  const { host } = useServices();
  const announce = useSetAtom(announceAtom);
  return useCallback(
    (error: unknown) => {
      const described = describeError(error, t);
      announce(described.message);
      void host.reportError(described).catch(() => undefined);
      return described.message;
    },
    [t, host, announce],
  );
}
