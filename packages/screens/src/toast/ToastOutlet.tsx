import { useEffect } from 'react';
import { ToastContainer, toast, type ToastOptions, type TypeOptions } from 'react-toastify';
import { MAX_TOASTS, TOAST_DURATIONS, type ToastKind, type ToastRequest } from './toastAtoms';

const TYPE: Record<ToastKind, TypeOptions> = {
  blank: 'default',
  custom: 'default',
  error: 'error',
  success: 'success',
  loading: 'default',
};

/** The react-toastify container (top centre, coloured: green success, red error) and its feed. */
export default function ToastOutlet({
  pending,
  take,
}: {
  pending: ToastRequest[];
  take: () => ToastRequest[];
}) {
  useEffect(() => {
    if (pending.length === 0) return;
    for (const request of take()) {
      const options: ToastOptions = {
        toastId: `latch-toast-${request.id}`,
        type: TYPE[request.kind],
        autoClose: TOAST_DURATIONS[request.kind],
        isLoading: request.kind === 'loading',
      };
      toast(request.message, options);
    }
  }, [pending, take]);
  return (
    <ToastContainer
      position="top-center"
      limit={MAX_TOASTS}
      theme="colored"
      hideProgressBar
      newestOnTop
      pauseOnFocusLoss={false}
    />
  );
}
