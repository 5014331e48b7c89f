/** One chunk of Vite's build manifest (`apps/frame/dist/.vite/manifest.json`): the fields we read. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** Source path (from `apps/frame`) → chunk. */
export type ViteManifest = Record<string, ManifestChunk>;

const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

const isChunk = (value: unknown): value is ManifestChunk =>
  typeof value === 'object' &&
  value !== null &&
  'file' in value &&
  typeof value.file === 'string' &&
  (!('imports' in value) || isStringArray(value.imports)) &&
  (!('css' in value) || isStringArray(value.css));

/** The manifest, or null when the text is not one (a stale or foreign build: then nothing is preloaded). */
export function parseViteManifest(text: string): ViteManifest | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const entries = Object.entries(value);
  return entries.every(([, chunk]) => isChunk(chunk)) ? Object.fromEntries(entries) : null;
}

/** The JS and CSS files of `keys` and of every chunk they import statically, each once, in load order. */
export function chunkFiles(manifest: ViteManifest, keys: readonly string[]): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  };
  keys.forEach(visit);
  return { js: [...js], css: [...css] };
}

/** The build's files a document names: `src="/frame/assets/x.js"`, `href="/frame/assets/x.css"`. */
const NAMED_FILE = /(?:src|href)="\/frame\/(assets\/[A-Za-z0-9._-]+)"/g;

/**
 * What index.html already loads: the scripts and stylesheets it names, with their static imports
 * and CSS. Read from the document, not from the manifest's `isEntry`: when the entry module is
 * placed in a chunk group (the login screen's one chunk), the manifest lists that chunk without it.
 */
export function entryFiles(manifest: ViteManifest, indexHtml: string): { js: string[]; css: string[] } {
  const named = new Set([...indexHtml.matchAll(NAMED_FILE)].flatMap(([, file]) => (file ? [file] : [])));
  const keys = Object.keys(manifest).filter((key) => named.has(manifest[key]?.file ?? ''));
  const { js, css } = chunkFiles(manifest, keys);
  const files = [...named];
  return {
    js: [...new Set([...js, ...files.filter((file) => file.endsWith('.js'))])],
    css: [...new Set([...css, ...files.filter((file) => file.endsWith('.css'))])],
  };
}
