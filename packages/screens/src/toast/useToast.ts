import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { showToastAtom, type ToastKind } from './toastAtoms';

/** Shows a toast at the top centre: `toast('success', t('password.emailResent'))`. */
export function useToast(): (kind: ToastKind, message: string) => void {
  const show = useSetAtom(showToastAtom);
  return useCallback((kind, message) => show({ kind, message }), [show]);
}
