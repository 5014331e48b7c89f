import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { stylesAtom } from '../../state/widgetAtoms';
import { pickStyle, resolveTheme } from '../../theme/themeVars';
import { useColorScheme } from '../../theme/useColorScheme';

/** The consent screen shows the project logo when the host configured one. */
export function useProjectLogo(): string | null {
  const styles = useAtomValue(stylesAtom);
  const scheme = useColorScheme(Array.isArray(styles));
  return useMemo(() => resolveTheme(pickStyle(styles, scheme ?? 'light')).logoUrl, [styles, scheme]);
}
