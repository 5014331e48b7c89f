import { isPlainObject } from '@latch/api';
import type { StyleConfig, StylesInput } from '@latch/protocol';
import { readableOn, tint } from './contrast';
import { parseColor } from './parseColor';
import { THEME_TOKENS, type ThemeToken } from './themeTokens';
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

/**
 * Turns a host style object into `--latch-*` custom properties, keeping defaults for refused values.
 * `scheme` is 'dark' only for the dark half of a pair, whose unset colours follow its own.
 */
export function resolveTheme(style: StyleConfig, scheme: ColorScheme = 'light'): ResolvedTheme {
  const vars: CssVars = {};
  const rejected: string[] = [];
  for (const token of THEME_TOKENS) {
    const value = read(style, token.path);
    if (typeof value !== 'string') continue;
    if (VALUE_FORMS[token.form](value)) vars[token.cssVar] = value.trim();
    else rejected.push(`${token.path}: ${value}`);
  }
  const hostSet = new Set(Object.keys(vars));
  const valueOf = (cssVar: `--latch-${string}`): string | undefined => {
    if (vars[cssVar] === undefined) {
      const token = THEME_TOKENS.find((t) => t.cssVar === cssVar);
      const value = token && defaultOf(token, scheme, valueOf, hostSet);
      if (value) vars[cssVar] = value;
    }
    return vars[cssVar];
  };
  for (const token of THEME_TOKENS) valueOf(token.cssVar);
  const logo = style.logo?.logoImageUrl ?? '';
  if (logo && !isImageUrl(logo)) rejected.push(`logo.logoImageUrl: ${logo}`);
  return {
    vars,
    logoUrl: logo && isImageUrl(logo) ? logo : null,
    hideHeaderText: style.hideHeaderText ?? false,
    rejected,
  };
}

/** A token's value when the host left it unset; `valueOf` gives other properties' final values. */
function defaultOf(
  token: ThemeToken,
  scheme: ColorScheme,
  valueOf: (cssVar: `--latch-${string}`) => string | undefined,
  hostSet: ReadonlySet<string>,
): string | undefined {
  if (token.tintOf && hostSet.has(token.tintOf)) {
    const tinted = tint(valueOf(token.tintOf) ?? '', valueOf('--latch-container-background') ?? '', 0.12);
    if (tinted) return tinted;
  }
  const followed = scheme === 'dark' && token.dark ? token.dark : token.sameAs;
  const value = followed ? valueOf(followed) : token.fallback;
  if (!value || !token.readableOn) return value;
  const backdrop = token.readableOn.map(valueOf).find((bg) => bg && parseColor(bg)?.a === 1);
  return backdrop ? readableOn(value, backdrop) : value;
}
