// Size budgets (gzip): what every host page pays for the loader, and what the frame needs before
// the login screen can render. Lazy chunks are listed so the split stays visible.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const loaderFile = join(root, 'apps/loader/dist/loader.js');
const frameDist = join(root, 'apps/frame/dist');
const frameIndex = join(frameDist, 'index.html');
// Vite's `base` for the frame: asset URLs in index.html start with it.
const FRAME_BASE = '/frame/';
const KB = 1024;
const BUDGETS = { loader: 8 * KB, frameInitial: 100 * KB };

const missing = [loaderFile, frameIndex].filter((file) => !existsSync(file));
if (missing.length > 0) {
  console.error(`Build output missing: ${missing.map((f) => relative(root, f)).join(', ')}`);
  console.error('Run `npm run build` first.');
  process.exit(1);
}

const measure = (file) => {
  const bytes = readFileSync(file);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
};
const kb = (n) => `${(n / KB).toFixed(2)} KB`;
const row = (name, size) =>
  `  ${name.padEnd(48)} ${kb(size.raw).padStart(11)} ${kb(size.gzip).padStart(11)} gzip`;

/** Files the browser fetches before the login screen renders: the entry script and its modulepreloads. */
function initialScripts(html) {
  const urls = new Set();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    const attr = (name) => new RegExp(`\\s${name}=["']?([^"'\\s>]+)`).exec(tag)?.[1];
    const isEntry = tag.startsWith('<script') && attr('type') === 'module' && attr('src');
    const isPreload = tag.startsWith('<link') && attr('rel') === 'modulepreload' && attr('href');
    const url = isEntry ? attr('src') : isPreload ? attr('href') : undefined;
    if (url) urls.add(url);
  }
  return [...urls].map((url) => {
    if (!url.startsWith(FRAME_BASE))
      throw new Error(`Unexpected script URL in the frame's index.html: ${url}`);
    return join(frameDist, url.slice(FRAME_BASE.length));
  });
}

const allScripts = (dir) =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.m?js$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));

let failed = false;
const check = (label, size, budget) => {
  const over = size.gzip > budget;
  failed ||= over;
  console.log(`  ${over ? 'OVER BUDGET' : 'ok'}: ${label} ${kb(size.gzip)} gzip (budget ${kb(budget)})`);
};

const loader = measure(loaderFile);
console.log('Loader');
console.log(row(relative(root, loaderFile), loader));
check('loader', loader, BUDGETS.loader);
const loaderDir = join(root, 'apps/loader/dist');
const loaderOthers = allScripts(loaderDir).filter((file) => file !== loaderFile);
console.log('  not counted: the lazy pieces loader.js imports on use, and the ESM build');
for (const file of loaderOthers.sort()) console.log(row(relative(root, file), measure(file)));

const initial = initialScripts(readFileSync(frameIndex, 'utf8'));
const absent = initial.filter((file) => !existsSync(file));
if (initial.length === 0 || absent.length > 0) {
  console.error(
    initial.length === 0
      ? "No <script type=module src> in apps/frame/dist/index.html: the frame's entry was not found."
      : `Scripts named in apps/frame/dist/index.html are missing: ${absent.map((f) => relative(root, f)).join(', ')}`,
  );
  process.exit(1);
}
console.log('\nFrame, initial JavaScript for the login screen');
const total = { raw: 0, gzip: 0 };
for (const file of initial) {
  const size = measure(file);
  total.raw += size.raw;
  total.gzip += size.gzip;
  console.log(row(relative(frameDist, file), size));
}
console.log(row('total', total));
check('frame initial', total, BUDGETS.frameInitial);

const lazy = allScripts(frameDist).filter((file) => !initial.includes(file));
console.log(`\nFrame, lazy chunks (not counted): ${lazy.length}`);
for (const file of lazy.sort()) console.log(row(relative(frameDist, file), measure(file)));

if (failed) {
  console.error('\nSize budget exceeded.');
  process.exit(1);
}
