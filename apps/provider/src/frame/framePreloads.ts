import type { LoginConfig } from '@latch/protocol';
import { readDistFile } from '../http/staticFile';
import type { FrameKind } from './frameKinds';
import { escapeHtml } from './htmlPage';
import { preloadModules } from './preloadModules';
import { chunkFiles, entryFiles, parseViteManifest, type ViteManifest } from './viteManifest';

/** Vite's `base` for the frame build: the files of the manifest are served below it. */
const FRAME_BASE = '/frame/';

/** Where `build.manifest: true` writes the manifest, relative to the frame's dist folder. */
export const MANIFEST_FILE = '.vite/manifest.json';

/**
 * `<link>` tags that fetch the lazy chunks (and their CSS) of the first screen together with the
 * entry. Files index.html already loads are left out. `crossorigin` as Vite's own modulepreloads,
 * so the later `import()` reuses the fetch; stylesheet links make Vite's loader skip its own.
 */
export function preloadTags(
  manifest: ViteManifest,
  indexHtml: string,
  kind: FrameKind,
  config: LoginConfig,
): string {
  const modules = preloadModules(kind, config);
  if (modules.length === 0) return '';
  const initial = entryFiles(manifest, indexHtml);
  const { js, css } = chunkFiles(manifest, modules);
  const href = (file: string) => escapeHtml(FRAME_BASE + file);
  return [
    ...css
      .filter((file) => !initial.css.includes(file))
      .map((file) => `<link rel="stylesheet" crossorigin href="${href(file)}">`),
    ...js
      .filter((file) => !initial.js.includes(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="${href(file)}">`),
  ].join('');
}

/**
 * The preload tags for this frame request, given the built index.html; '' without a (valid)
 * manifest, e.g. an older build.
 */
export async function framePreloadTags(
  frameDir: string,
  indexHtml: string,
  kind: FrameKind,
  config: LoginConfig,
): Promise<string> {
  const bytes = await readDistFile(frameDir, MANIFEST_FILE);
  const manifest = bytes && parseViteManifest(new TextDecoder().decode(bytes));
  return manifest ? preloadTags(manifest, indexHtml, kind, config) : '';
}
