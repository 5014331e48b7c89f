import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { announceAtom } from '../state/widgetAtoms';

/**
 * A message under a form field, tied to it by the field's `aria-describedby`. Each new text is
 * also handed to the container's live region, so client-side checks are announced like API errors.
 */
export function ErrorText({ id, text }: { id: string; text: string }) {
  const announce = useSetAtom(announceAtom);
  useEffect(() => {
    if (text) announce(text);
  }, [text, announce]);
  if (!text) return null;
  return (
    <p id={id} className="latch-error-text">
      {text}
    </p>
  );
}
