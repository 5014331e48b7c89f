import { useCallback, useEffect, useSyncExternalStore } from 'react';
import type { ColorScheme } from './themeVars';

const QUERY = '(prefers-color-scheme: dark)';

const media = (): MediaQueryList | null => (typeof matchMedia === 'function' ? matchMedia(QUERY) : null);

/**
 * Follows `prefers-color-scheme` while `follow` is set (a `[light, dark]` pair) and keeps the
 * document's `color-scheme` in step, so form controls and scrollbars match the theme.
 *
 * Null while a pair's scheme cannot be known: on the server, and in the hydration render that must
 * match it. The caller then lets CSS pick the half (`themeCss`); the next render has the scheme.
 */
export function useColorScheme(follow: boolean): ColorScheme | null {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = media();
      if (!follow || !list) return () => undefined;
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    [follow],
  );
  const scheme = useSyncExternalStore<ColorScheme | null>(
    subscribe,
    () => (follow && media()?.matches ? 'dark' : 'light'),
    () => (follow ? null : 'light'),
  );
  useEffect(() => {
    if (scheme) document.documentElement.style.colorScheme = scheme;
  }, [scheme]);
  return scheme;
}
