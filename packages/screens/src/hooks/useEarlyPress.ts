import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { EARLY_INPUT } from './earlyInput';

export interface EarlyPressGroup {
  ref: RefObject<HTMLDivElement | null>;
  [EARLY_INPUT.pressGroup]: '';
}

/**
 * Keeps a press of a server-rendered button pressed before React hydrated it: the pre-hydration
 * script marks the group's last pressed button, and once React owns the group that button is
 * pressed again, once, so its own `onClick` runs. Spread the result on the buttons' container.
 */
export function useEarlyPress(): EarlyPressGroup {
  const ref = useRef<HTMLDivElement>(null);
  const [pressed, setPressed] = useState<HTMLButtonElement | null>(null);
  useLayoutEffect(() => {
    const group = ref.current;
    if (!group) return;
    group.setAttribute(EARLY_INPUT.live, '');
    const button = group.querySelector(`[${EARLY_INPUT.pendingPress}]`);
    if (!(button instanceof HTMLButtonElement)) return;
    button.removeAttribute(EARLY_INPUT.pendingPress);
    // Pressed from the next commit, when React's handlers are attached.
    setPressed(button);
  }, []);
  useEffect(() => {
    if (!pressed) return;
    setPressed(null);
    pressed.click();
  }, [pressed]);
  return { ref, [EARLY_INPUT.pressGroup]: '' };
}
