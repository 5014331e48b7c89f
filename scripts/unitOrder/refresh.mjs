// Writes durations.json from Vitest's record of the last full run on this machine, for the order
// of runs that have none (KnownDurationSequencer.ts). Run `npx vitest run` first.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));
const cacheDir = join(root, 'node_modules/.vite/vitest');
const [newest] = readdirSync(cacheDir)
  .map((dir) => join(cacheDir, dir, 'results.json'))
  .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
if (!newest) throw new Error(`No Vitest results under ${cacheDir}: run \`npx vitest run\` first.`);
const { results } = JSON.parse(readFileSync(newest, 'utf8'));
const durations = Object.fromEntries(
  results
    // A file the run timed that has since gone, or failed (its time says little), is left out.
    .filter(([key, result]) => !result.failed && existsSync(join(root, key.slice(key.indexOf(':') + 1))))
    .map(([key, result]) => [key, Math.round(result.duration)])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(new URL('durations.json', import.meta.url), `${JSON.stringify(durations, null, 2)}\n`);
console.log(`durations.json: ${Object.keys(durations).length} files, from ${newest}`);
