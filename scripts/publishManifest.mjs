// `prepack` and `postpack` of the published packages (`node ../../scripts/publishManifest.mjs
// prepack|postpack`, run by npm in the package's folder). In this repository their `exports` name
// their TypeScript sources under the `@latch/source` condition; the tarball holds only dist/, so
// the packed package.json must not name them. npm packs the package.json on disk: `prepack` writes
// the published manifest in its place and `postpack` puts the original back, byte for byte. The
// original waits in node_modules/.cache/latch/publish/ meanwhile; a `prepack` after a pack that
// died in between restores it first. `npm run pack:check` checks both ends.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The condition of the repository's own resolution (tsconfig's customConditions, Vite, Vitest). */
export const SOURCE_CONDITION = '@latch/source';

const root = fileURLToPath(new URL('..', import.meta.url));

/** `exports` without the source condition; an entry left with no target goes too. */
export function publishedExports(value) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const entries = Object.entries(value)
    .filter(([key]) => key !== SOURCE_CONDITION)
    .map(([key, inner]) => [key, publishedExports(inner)])
    .filter(([, inner]) => !(inner !== null && typeof inner === 'object' && Object.keys(inner).length === 0));
  return Object.fromEntries(entries);
}

/** The package.json npm should pack, as text in the file's own layout. */
export function publishedManifest(text) {
  const manifest = JSON.parse(text);
  return `${JSON.stringify({ ...manifest, exports: publishedExports(manifest.exports) }, null, 2)}\n`;
}

function main(step, dir) {
  const file = join(dir, 'package.json');
  const name = JSON.parse(readFileSync(file, 'utf8')).name;
  const keep = join(root, 'node_modules/.cache/latch/publish', `${name.replace(/[@/]/g, '_')}.json`);
  if (step === 'prepack') {
    if (existsSync(keep)) writeFileSync(file, readFileSync(keep));
    const original = readFileSync(file, 'utf8');
    mkdirSync(join(keep, '..'), { recursive: true });
    writeFileSync(keep, original);
    writeFileSync(file, publishedManifest(original));
  } else if (step === 'postpack') {
    if (!existsSync(keep)) throw new Error(`${name}: no original package.json kept for postpack`);
    writeFileSync(file, readFileSync(keep));
    rmSync(keep);
  } else {
    throw new Error(`Usage: publishManifest.mjs prepack|postpack (got ${step})`);
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv[2], process.cwd());
