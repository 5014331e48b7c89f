/** One chunk of Vite's build manifest (`apps/frame/dist/.vite/manifest.json`): the fields we read. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
  isEntry?: boolean;
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

/** What index.html already loads: every entry chunk and its static imports. */
export const entryFiles = (manifest: ViteManifest): { js: string[]; css: string[] } =>
  chunkFiles(
    manifest,
    Object.keys(manifest).filter((key) => manifest[key]?.isEntry === true),
  );
