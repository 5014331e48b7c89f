// The repository stands alone: code, tests and docs state a rule themselves or point at docs/,
// never at the product documents kept outside the repository. `npm run lint` runs this check.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

// Names assembled from parts so this file does not match itself.
const OUTSIDE_DOCUMENTS = ['SPEC', 'API', 'ARCHITECTURE', 'STYLE'].map((name) => `${name}\\.md`);
const OUTSIDE_FOLDERS = ['\\.\\./shared/', '/work/shared'];
export const OUTSIDE_REFERENCE = new RegExp(
  `\\b(?:${OUTSIDE_DOCUMENTS.join('|')})\\b|${OUTSIDE_FOLDERS.join('|')}`,
);

/** Folders whose every text file is checked; elsewhere only Markdown (READMEs, CONTRIBUTING, CHANGELOG). */
const CHECKED_FOLDERS = ['apps', 'packages', 'e2e', 'scripts', 'msw', 'docs'];
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  '.tsbuild',
  '.git',
  '.latch',
  'test-results',
  'playwright-report',
]);
const TEXT_FILE = /\.(?:[cm]?[jt]sx?|md|css|html|sql|json|ya?ml|sh)$/;

function* filesUnder(folder, accept) {
  let entries;
  try {
    entries = readdirSync(folder, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      // Playwright results folders (LATCH_E2E_OUTPUT) are named results-*.
      if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('results-'))
        yield* filesUnder(path, accept);
    } else if (entry.isFile() && accept(entry.name)) {
      yield path;
    }
  }
}

/** Every line under `root` that names a document outside the repository, as `path:line: text`. */
export function findOutsideReferences(root) {
  const self = relative(root, new URL(import.meta.url).pathname);
  const files = [
    ...filesUnder(root, (name) => name.endsWith('.md')),
    ...CHECKED_FOLDERS.flatMap((folder) => [
      ...filesUnder(join(root, folder), (name) => TEXT_FILE.test(name)),
    ]),
  ];
  const found = [];
  for (const file of new Set(files)) {
    const path = relative(root, file);
    if (path === self) continue;
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        if (OUTSIDE_REFERENCE.test(text)) found.push(`${path}:${index + 1}: ${text.trim()}`);
      });
  }
  return found;
}
