import { useSetAtom } from 'jotai';
import { dispatchOutcomeAtom } from '../state/widgetAtoms';

/** Screens report outcomes; the flow table picks the next screen. */
export function useFlow() {
  return useSetAtom(dispatchOutcomeAtom);
}
