import { useEffect, useState } from 'react';
import {
  ToastContainer,
  toast,
  type CloseButtonProps,
  type ToastOptions,
  type TypeOptions,
} from 'react-toastify';
import { useT } from '../strings/StringsContext';
import { MAX_TOASTS, TOAST_DURATIONS, type ToastKind, type ToastRequest } from './toastAtoms';
import { createToastTimers } from './toastTimers';
import './toast.css';

const TYPE: Record<ToastKind, TypeOptions> = {
  blank: 'default',
  custom: 'default',
  error: 'error',
  success: 'success',
  loading: 'default',
};

/** react-toastify's close button, with its label from the catalogue instead of a fixed 'close'. */
function CloseToast({ closeToast, theme }: CloseButtonProps) {
  const t = useT();
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t('toast.close')}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/**
 * The react-toastify container (top centre, coloured: green success, red error) and its feed.
 * react-toastify only draws and queues (past 20); lifetimes run on our timers (toastTimers.ts),
 * started when a toast is actually shown so a queued toast gets its full time.
 */
export default function ToastOutlet({
  pending,
  take,
}: {
  pending: ToastRequest[];
  take: () => ToastRequest[];
}) {
  const t = useT();
  const [timers] = useState(() => createToastTimers((id) => toast.dismiss(id)));
  useEffect(() => () => timers.stop(), [timers]);
  useEffect(() => {
    if (pending.length === 0) return;
    for (const request of take()) {
      const toastId = `latch-toast-${request.id}`;
      const duration = TOAST_DURATIONS[request.kind];
      const options: ToastOptions = {
        toastId,
        type: TYPE[request.kind],
        autoClose: false,
        isLoading: request.kind === 'loading',
        onOpen: () => {
          if (duration !== false) timers.start(toastId, duration);
        },
        onClose: () => timers.forget(toastId),
      };
      toast(request.message, options);
    }
  }, [pending, take, timers]);
  return (
    // Hovering any toast holds them all, so a message being read does not vanish underneath.
    <div className="latch-toasts" onMouseEnter={timers.pause} onMouseLeave={timers.resume}>
      <ToastContainer
        position="top-center"
        limit={MAX_TOASTS}
        theme="colored"
        hideProgressBar
        newestOnTop
        pauseOnFocusLoss={false}
        aria-label={t('toast.region')}
        closeButton={CloseToast}
      />
    </div>
  );
}
