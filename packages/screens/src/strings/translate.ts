import { firstScreenStrings, type StringId } from '@latch/protocol';
import { catalogueIfLoaded, CataloguePending, type Catalogue } from './catalogueLoader';

export type StringParams = Record<string, string | number>;
export type Translate = (id: StringId, params?: StringParams) => string;

/** Fills `{name}` placeholders; unknown names stay visible so a typo shows up. */
export function fillPlaceholders(template: string, params?: StringParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

const firstPart: Partial<Record<StringId, string>> = firstScreenStrings;

/** The English text of `id`; throws a `CataloguePending` while the rest of the catalogue is loading. */
function english(id: StringId): string {
  const text = firstPart[id] ?? catalogueIfLoaded()?.[id];
  if (text === undefined) throw new CataloguePending(id);
  return text;
}

export interface Translator {
  t: Translate;
}

/**
 * Builds `t` from the host's overrides (ids not in the catalogue are never asked for, so they have no
 * effect; `unknownStringIds` lists them). The result is always plain text: React renders it as a
 * text node, so an override can never inject markup.
 *
 * The login screen's strings are always there. Another id asked for during a render before the
 * rest of the catalogue has arrived suspends that render (React shows the nearest Suspense
 * fallback, as for a screen whose code is still loading) until it has.
 */
export function createTranslator(overrides: Record<string, string> = {}): Translator {
  const own = (id: StringId) => (Object.hasOwn(overrides, id) ? overrides[id] : undefined);
  return { t: (id, params) => fillPlaceholders(own(id) ?? english(id), params) };
}

/** The ids of `overrides` that are not in the catalogue (a host's typo or an outdated id). */
export function unknownStringIds(overrides: Record<string, string>, catalogue: Catalogue): string[] {
  return Object.keys(overrides).filter((id) => !Object.hasOwn(catalogue, id));
}
