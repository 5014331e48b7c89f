import * as v from 'valibot';
import { isPlainObject } from '@latch/api';
import { array, object, optional, string } from './schemas';

/*
 * A host's own wording of what a client asks for (`getIDPConsentManifest`), shown on the consent
 * screen instead of the built-in scope texts. It comes from the host, so the frame validates it
 * like any other channel value and renders it as text only.
 */

const TEXT = 500;
const text = string(TEXT);
const detailed = object({ text, details: optional(array(text, 20)) });
// A string or a detailed item, told apart by type so a bad item's message names its own field.
const item = v.lazy((input) => (typeof input === 'string' ? text : detailed));
const groups = array(object({ header: text, items: array(item, 50) }), 20);
const items = array(item, 50);

const isGroup = (input: unknown) => isPlainObject(input) && 'header' in input;

/** Either groups with a header each, or one flat list. */
export const consentManifestSchema = v.lazy((input) =>
  Array.isArray(input) && input.length > 0 && input.every(isGroup) ? groups : items,
);

export type ConsentManifest = v.InferOutput<typeof consentManifestSchema>;
export type ConsentManifestItem = v.InferOutput<typeof item>;
export type ConsentManifestGroup = v.InferOutput<typeof groups>[number];

/** What the frame sends the host when it asks for the manifest. */
export const consentManifestRequestSchema = object({
  scopes: array(string(256), 100),
  clientName: string(256),
});
export type ConsentManifestRequest = v.InferOutput<typeof consentManifestRequestSchema>;
