import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useServices } from '../services/ServicesContext';
import { announceAtom } from '../state/widgetAtoms';
import { useT } from '../strings/StringsContext';
import { describeError, type ErrorTexts } from './errorMessage';

/**
 * Turns a failure into the text to show, announces it, and reports it to the host. `texts`, a
 * module constant: the screen's own text for some error types.
 */
export function useErrorReporter(texts?: ErrorTexts): (error: unknown) => string {
  const t = useT();
  const { host } = useServices();
  const announce = useSetAtom(announceAtom);
  return useCallback(
    (error: unknown) => {
      const described = describeError(error, t, texts);
      announce(described.message);
      void host.reportError(described).catch(() => undefined);
      return described.message;
    },
    [t, host, announce, texts],
  );
}
