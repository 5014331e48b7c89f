import { isPlainObject, type StyleConfig, type StylesInput } from '@latch/protocol';
import { THEME_TOKENS } from './themeTokens';
import { isImageUrl, VALUE_FORMS } from './valueForms';

export type ColorScheme = 'light' | 'dark';
export type CssVars = Record<`--latch-${string}`, string>;

export interface ResolvedTheme {
  vars: CssVars;
  logoUrl: string | null;
  hideHeaderText: boolean;
  /** `path: value` of each value refused by its value form; the default was kept instead. */
  rejected: string[];
}

function read(style: StyleConfig, path: string): unknown {
  let current: unknown = style;
  for (const key of path.split('.')) current = isPlainObject(current) ? current[key] : undefined;
  return current;
}

/** The style for the current colour scheme: a `[light, dark]` pair follows `prefers-color-scheme`. */
export function pickStyle(styles: StylesInput, scheme: ColorScheme): StyleConfig {
  return Array.isArray(styles) ? styles[scheme === 'dark' ? 1 : 0] : styles;
}

/** Turns a host style object into `--latch-*` custom properties, keeping defaults for refused values. */
export function resolveTheme(style: StyleConfig): ResolvedTheme {
  const vars: CssVars = {};
  const rejected: string[] = [];
  for (const token of THEME_TOKENS) {
    const value = read(style, token.path);
    if (typeof value === 'string') {
      if (VALUE_FORMS[token.form](value)) {
        vars[token.cssVar] = value.trim();
        continue;
      }
      rejected.push(`${token.path}: ${value}`);
    }
    if (vars[token.cssVar] !== undefined) continue;
    if (token.fallback) vars[token.cssVar] = token.fallback;
    else if (token.sameAs) {
      const same = vars[token.sameAs];
      if (same !== undefined) vars[token.cssVar] = same;
    }
  }
  const logo = style.logo?.logoImageUrl ?? '';
  if (logo && !isImageUrl(logo)) rejected.push(`logo.logoImageUrl: ${logo}`);
  return {
    vars,
    logoUrl: logo && isImageUrl(logo) ? logo : null,
    hideHeaderText: style.hideHeaderText ?? false,
    rejected,
  };
}
