import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { EARLY_INPUT } from './earlyInput';

export interface EarlyInputForm {
  ref: RefObject<HTMLFormElement | null>;
  [EARLY_INPUT.form]: '';
}

/**
 * Keeps what the visitor did to a server-rendered form before React hydrated it: text typed or
 * autofilled into its inputs is handed to `adopt` (name → value) as React takes the form over, and a
 * submit the pre-hydration script held back is replayed once that text is in state. Spread the
 * result on the `<form>`. Harmless on a form React rendered itself (nothing differs, nothing pends).
 */
export function useEarlyInput(adopt: (values: Map<string, string>) => void): EarlyInputForm {
  const ref = useRef<HTMLFormElement>(null);
  const [replay, setReplay] = useState(false);
  const adoptOnce = useRef(adopt);
  useLayoutEffect(() => {
    const form = ref.current;
    if (!form) return;
    form.setAttribute(EARLY_INPUT.live, '');
    const values = new Map<string, string>();
    for (const element of Array.from(form.elements)) {
      // React sets defaultValue to the rendered value: anything else came from the visitor.
      if (element instanceof HTMLInputElement && element.name && element.value !== element.defaultValue)
        values.set(element.name, element.value);
    }
    if (values.size > 0) adoptOnce.current(values);
    if (form.hasAttribute(EARLY_INPUT.pendingSubmit)) {
      form.removeAttribute(EARLY_INPUT.pendingSubmit);
      // Submitted from the next commit, whose onSubmit sees the adopted values.
      setReplay(true);
    }
  }, []);
  useEffect(() => {
    if (!replay) return;
    setReplay(false);
    ref.current?.requestSubmit();
  }, [replay]);
  return { ref, [EARLY_INPUT.form]: '' };
}
