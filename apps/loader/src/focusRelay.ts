import type { FrameMethods } from '@latch/protocol';

/** Moves focus into the frame; a request made before the frame connects is delivered on connect. */
export interface FocusRelay {
  focus(): void;
  /** The mount's `autoFocus`, once: a cross-origin frame can focus its field only while it has focus. */
  autoFocus(): void;
  connected(frame: Pick<FrameMethods, 'focus'>): void;
}

const ignore = () => {};

export function createFocusRelay(iframe: HTMLIFrameElement): FocusRelay {
  let frame: Pick<FrameMethods, 'focus'> | null = null;
  let pending = false;
  let autoFocused = false;
  return {
    focus() {
      iframe.focus();
      if (frame) frame.focus({}).catch(ignore);
      else pending = true;
    },
    autoFocus() {
      if (autoFocused) return;
      autoFocused = true;
      iframe.focus();
    },
    connected(remote) {
      frame = remote;
      if (pending) remote.focus({}).catch(ignore);
    },
  };
}
