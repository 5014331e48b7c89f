import { en, type StringId } from '@latch/protocol';

export type StringParams = Record<string, string | number>;
export type Translate = (id: StringId, params?: StringParams) => string;

export function isStringId(id: string): id is StringId {
  return Object.hasOwn(en, id);
}

/** Fills `{name}` placeholders; unknown names stay visible so a typo shows up. */
export function fillPlaceholders(template: string, params?: StringParams): string {
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}

export interface Translator {
  t: Translate;
  /** Override ids that are not in the catalogue (ignored). */
  unknownIds: string[];
}

/**
 * Builds `t` from the host's overrides. The result is always plain text: React renders it as a
 * text node, so an override can never inject markup.
 */
export function createTranslator(overrides: Record<string, string> = {}): Translator {
  const merged: Record<string, string> = { ...en };
  const unknownIds: string[] = [];
  for (const [id, text] of Object.entries(overrides)) {
    if (isStringId(id)) merged[id] = text;
    else unknownIds.push(id);
  }
  return {
    t: (id, params) => fillPlaceholders(merged[id] ?? en[id], params),
    unknownIds,
  };
}
