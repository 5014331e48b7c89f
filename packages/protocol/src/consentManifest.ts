import { array, isPlainObject, object, optional, string, type Schema } from './validate';

/*
 * A host's own wording of what a client asks for (`getIDPConsentManifest`), shown on the consent
 * screen instead of the built-in scope texts. It comes from the host, so the frame validates it
 * like any other channel value and renders it as text only.
 */

export type ConsentManifestItem = string | { text: string; details?: string[] };
export interface ConsentManifestGroup {
  header: string;
  items: ConsentManifestItem[];
}
/** Either groups with a header each, or one flat list. */
export type ConsentManifest = ConsentManifestGroup[] | ConsentManifestItem[];

const TEXT = 500;
const detailed = object({ text: string(TEXT), details: optional(array(string(TEXT), 20)) });
const item: Schema<ConsentManifestItem> = {
  parse: (v, p) => (typeof v === 'string' ? string(TEXT).parse(v, p) : detailed.parse(v, p)),
};
const groups = array(object({ header: string(TEXT), items: array(item, 50) }), 20);
const items = array(item, 50);

const isGroup = (v: unknown) => isPlainObject(v) && 'header' in v;

export const consentManifestSchema: Schema<ConsentManifest> = {
  parse: (v, p) =>
    Array.isArray(v) && v.length > 0 && v.every(isGroup) ? groups.parse(v, p) : items.parse(v, p),
};

/** What the frame sends the host when it asks for the manifest. */
export interface ConsentManifestRequest {
  scopes: string[];
  clientName: string;
}

export const consentManifestRequestSchema: Schema<ConsentManifestRequest> = object({
  scopes: array(string(256), 100),
  clientName: string(256),
});
