import { useEffect, useRef, type RefObject } from 'react';
import { focusFirstField } from './focusFirstField';

/**
 * When the screen changes under a visitor who is in the widget, the control they used is gone
 * and focus would fall to the body: move it to the new screen's first field, else its heading.
 * Nothing happens on the first screen or while the frame does not have focus.
 *
 * Focus does not scroll: a taller screen first draws in the old iframe height, which the host grows
 * to fit a moment later (height reports are debounced). Scrolling the field into view meanwhile
 * would show the screen's lower half first, then jump back to its top once the iframe has grown.
 */
export function useScreenFocus(screen: string, rootRef: RefObject<HTMLElement | null>): void {
  const previous = useRef(screen);
  useEffect(() => {
    if (previous.current === screen) return;
    previous.current = screen;
    const root = rootRef.current;
    if (!root) return;
    const doc = root.ownerDocument;
    const active = doc.activeElement;
    if (!doc.hasFocus() || (active && active !== doc.body && !root.contains(active))) return;
    return focusFirstField(root, { fallback: 'heading', force: true, preventScroll: true });
  }, [screen, rootRef]);
}
