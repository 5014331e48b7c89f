import { useEffect, useState } from 'react';
import type { ColorScheme } from './themeVars';

const QUERY = '(prefers-color-scheme: dark)';

/**
 * Follows `prefers-color-scheme` while `follow` is set (a `[light, dark]` pair) and keeps the
 * document's `color-scheme` in step, so form controls and scrollbars match the theme.
 */
export function useColorScheme(follow: boolean): ColorScheme {
  const [scheme, setScheme] = useState<ColorScheme>('light');
  useEffect(() => {
    if (!follow || typeof matchMedia !== 'function') {
      setScheme('light');
      return;
    }
    const media = matchMedia(QUERY);
    const update = () => setScheme(media.matches ? 'dark' : 'light');
    update();
    media.addEventListener('change', update);
    return () => media.removeEventListener('change', update);
  }, [follow]);
  useEffect(() => {
    document.documentElement.style.colorScheme = scheme;
  }, [scheme]);
  return scheme;
}
