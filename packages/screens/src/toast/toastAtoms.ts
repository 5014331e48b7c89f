import { atom } from 'jotai';

/** Kinds of toast and how long each stays; `false` means until dismissed. */
export const TOAST_DURATIONS = {
  blank: 4000,
  error: 4000,
  custom: 4000,
  success: 2000,
  loading: false,
} as const;
export type ToastKind = keyof typeof TOAST_DURATIONS;
/** At most this many toasts are kept; older ones wait in react-toastify's queue. */
export const MAX_TOASTS = 20;

export interface ToastRequest {
  id: number;
  kind: ToastKind;
  message: string;
}

const pendingBase = atom<ToastRequest[]>([]);
const activatedBase = atom(false);
let nextId = 1;

/** Toasts asked for but not yet handed to the toast layer (it loads lazily on the first one). */
export const pendingToastsAtom = atom((get) => get(pendingBase));

/** True from the first toast on: the toast layer stays mounted so running toasts keep their timers. */
export const toastsActivatedAtom = atom((get) => get(activatedBase));

export const showToastAtom = atom(null, (get, set, toast: { kind: ToastKind; message: string }) => {
  set(activatedBase, true);
  set(pendingBase, [...get(pendingBase), { id: nextId++, ...toast }]);
});

export const takeToastsAtom = atom(null, (get, set) => {
  const taken = get(pendingBase);
  if (taken.length > 0) set(pendingBase, []);
  return taken;
});
