import { useAtomValue, useSetAtom } from 'jotai';
import { lazy, Suspense } from 'react';
import { pendingToastsAtom, takeToastsAtom, toastsActivatedAtom } from './toastAtoms';

// react-toastify is loaded only once a screen shows its first toast, off the initial bundle.
const ToastOutlet = lazy(() => import('./ToastOutlet'));

/** Mounts the toast container the first time a toast is requested, then feeds it. */
export function ToastLayer() {
  if (!useAtomValue(toastsActivatedAtom)) return null;
  return (
    <Suspense fallback={null}>
      <ToastFeeder />
    </Suspense>
  );
}

function ToastFeeder() {
  const pending = useAtomValue(pendingToastsAtom);
  const take = useSetAtom(takeToastsAtom);
  return <ToastOutlet pending={pending} take={take} />;
}
