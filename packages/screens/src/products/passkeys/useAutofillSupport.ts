import { useEffect, useState } from 'react';
import { passkeyAutofillSupported } from './loadCeremony';

/** Whether the browser offers passkeys in autofill; `null` until known. Checks only when `enabled`. */
export function useAutofillSupport(enabled: boolean): boolean | null {
  const [supported, setSupported] = useState<boolean | null>(null);
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    void passkeyAutofillSupported().then((value) => {
      if (live) setSupported(value);
    });
    return () => {
      live = false;
    };
  }, [enabled]);
  return enabled ? supported : false;
}
