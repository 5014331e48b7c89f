import type { CssVars } from './themeVars';

const declarations = (vars: CssVars): string =>
  Object.entries(vars)
    // Values passed their value forms already; `<` could still end the <style> element early.
    .map(([name, value]) => `${name}:${value.replace(/</g, '')}`)
    .join(';');

/**
 * A `[light, dark]` pair as CSS: the light half on `.latch-root`, the dark half under
 * `prefers-color-scheme: dark`, and the document's `color-scheme` to match. The server render uses
 * it, so the first paint has the visitor's scheme before any script has run.
 */
export function schemePairCss(light: CssVars, dark: CssVars): string {
  return (
    `:root{color-scheme:light}.latch-root{${declarations(light)}}` +
    `@media (prefers-color-scheme: dark){:root{color-scheme:dark}.latch-root{${declarations(dark)}}}`
  );
}
