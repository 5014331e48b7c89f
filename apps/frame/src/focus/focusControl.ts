import type { MountState } from '@latch/protocol';
import { focusFirstField } from '@latch/screens';

export interface FocusControl {
  /** The host's `focus()`: the first field, else the first control, once the screen is there. */
  focus: () => void;
  /** Call with every mount state from the host; `autoFocus` acts on the first one only. */
  mountStateApplied: (mount: Pick<MountState, 'autoFocus'>) => void;
}

/**
 * Focus hand-off from the host (autofocus is ignored in cross-origin frames). The loader focuses
 * the iframe element; this moves focus on to the widget's first field.
 */
export function createFocusControl(root: HTMLElement): FocusControl {
  let stopWaiting = () => {};
  // Later ready() answers (reconnects, updates) must not pull focus back to the first field.
  let autoFocused = false;
  const focus = () => {
    stopWaiting();
    stopWaiting = focusFirstField(root, { fallback: 'control' });
  };
  return {
    focus,
    mountStateApplied(mount) {
      if (!mount.autoFocus || autoFocused) return;
      autoFocused = true;
      focus();
    },
  };
}
