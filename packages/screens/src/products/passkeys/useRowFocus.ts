import { useEffect, useRef, type RefObject } from 'react';
import type { RowMode } from './usePasskeyList';

/**
 * Keeps keyboard focus in place as rows change mode: the confirmation while deleting, then back
 * to the button that started it, or to `fallback` when that row is gone.
 */
export function useRowFocus(
  mode: RowMode,
  refs: {
    list: RefObject<HTMLElement | null>;
    confirm: RefObject<HTMLElement | null>;
    fallback: RefObject<HTMLElement | null>;
  },
) {
  const previous = useRef<RowMode>(mode);
  useEffect(() => {
    const before = previous.current;
    previous.current = mode;
    if (mode.type === 'deleting') {
      refs.confirm.current?.focus();
      return;
    }
    if (mode.type !== 'viewing' || before.type === 'viewing') return;
    const action = before.type === 'editing' ? 'rename' : 'delete';
    const buttons = refs.list.current?.querySelectorAll<HTMLElement>('[data-passkey-action]') ?? [];
    const origin = [...buttons].find(
      (b) => b.dataset['passkeyId'] === before.id && b.dataset['passkeyAction'] === action,
    );
    (origin ?? refs.fallback.current)?.focus();
  }, [mode, refs]);
}
