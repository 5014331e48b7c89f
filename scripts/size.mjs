// Size budgets (gzip): what every host page pays for the loader, what the frame needs before the
// login screen can render, and the password meter's zxcvbn chunk. Other lazy chunks are listed so
// the split stays visible.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
const loaderFile = join(root, 'apps/loader/dist/loader.js');
const frameDist = join(root, 'apps/frame/dist');
const frameIndex = join(frameDist, 'index.html');
// Vite's build manifest (build.manifest: true): source module → chunk file.
const frameManifest = join(frameDist, '.vite/manifest.json');
const ZXCVBN_MODULE = '../../packages/screens/src/products/passwords/zxcvbnEstimator.ts';
// Every login config's first screen: the provider preloads it with the entry (apps/provider/src/frame/framePreloads.ts).
const LOGIN_FORM_MODULE = '../../packages/screens/src/main/loginForm/LoginForm.tsx';
// A config with a phone tab: the provider preloads the phone form's chunk too.
const PHONE_FORM_MODULE = '../../packages/screens/src/main/loginForm/PhoneForm.tsx';
// Vite's `base` for the frame: asset URLs in index.html start with it.
const FRAME_BASE = '/frame/';
const KB = 1024;
// The frame's budget covers what makes the login screen interactive: one chunk with React DOM and
// the first screen's code (apps/frame/vite.config.ts). Validation, the later screens' strings,
// penpal and the phone form come later or only when a config needs them; a module that slips
// back into the first chunk shows here. zxcvbn ships trimmed dictionaries (zxcvbnWords.json).
const BUDGETS = {
  loader: 8 * KB,
  frameInitial: 85.5 * KB,
  frameInitialWithPhone: 87 * KB,
  zxcvbn: 110 * KB,
};

const missing = [loaderFile, frameIndex, frameManifest].filter((file) => !existsSync(file));
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

const manifest = JSON.parse(readFileSync(frameManifest, 'utf8'));
const chunkOf = (key) => {
  const file = manifest[key]?.file;
  if (!file) {
    console.error(`${key} is not in the frame's build manifest: update scripts/size.mjs.`);
    process.exit(1);
  }
  return join(frameDist, file);
};
/** A chunk and the chunks it imports statically, as the provider's modulepreload links list them. */
const withImports = (key, seen = new Set()) => {
  if (seen.has(key)) return [];
  seen.add(key);
  return [...(manifest[key]?.imports ?? []).flatMap((k) => withImports(k, seen)), chunkOf(key)];
};

const fromIndex = initialScripts(readFileSync(frameIndex, 'utf8'));
// The frame build puts the login form in the entry's chunk (vite.config.ts, FIRST_SCREEN_ROOTS); an
// older split build has it as a chunk of its own that the provider preloads.
const loginFormChunks = manifest[LOGIN_FORM_MODULE] ? withImports(LOGIN_FORM_MODULE) : [];
const initial = [...new Set([...fromIndex, ...loginFormChunks])];
const absent = initial.filter((file) => !existsSync(file));
if (initial.length === 0 || absent.length > 0) {
  console.error(
    initial.length === 0
      ? "No <script type=module src> in apps/frame/dist/index.html: the frame's entry was not found."
      : `Scripts named in apps/frame/dist/index.html are missing: ${absent.map((f) => relative(root, f)).join(', ')}`,
  );
  process.exit(1);
}
console.log(
  `\nFrame, initial JavaScript for the login screen (index.html: ${fromIndex.length} files; the provider's login form preloads: ${initial.length - fromIndex.length})`,
);
/** Prints each file's size and adds it to `start`; answers the sum. */
function addUp(files, start = { raw: 0, gzip: 0 }) {
  const sum = { ...start };
  for (const file of files) {
    const size = measure(file);
    sum.raw += size.raw;
    sum.gzip += size.gzip;
    console.log(row(relative(frameDist, file), size));
  }
  console.log(row('total', sum));
  return sum;
}
const total = addUp(initial);
check('frame initial', total, BUDGETS.frameInitial);

// The first screen's chunk (the largest initial file: React DOM and the widget) must open with V8's
// compile hint, which apps/frame/vite.config.ts adds: it moves compiling the chunk off the frame's
// main thread. Nothing else checks that a build still does it.
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
const firstScreenChunk = initial.reduce((a, b) => (statSync(b).size > statSync(a).size ? b : a));
const hinted = readFileSync(firstScreenChunk, 'utf8').startsWith(COMPILE_HINT);
failed ||= !hinted;
console.log(
  `  ${hinted ? 'ok' : 'MISSING'}: compile hint on the first line of ${relative(frameDist, firstScreenChunk)}`,
);

// A login with a phone tab (passcodes by text message or WhatsApp): the same files and the phone form's chunk.
const phoneChunks = manifest[PHONE_FORM_MODULE]
  ? withImports(PHONE_FORM_MODULE).filter((file) => !initial.includes(file))
  : [];
console.log('\nFrame, initial JavaScript for a login screen with a phone tab: the above and');
const phoneTotal = addUp(phoneChunks, total);
check('frame initial, with a phone tab', phoneTotal, BUDGETS.frameInitialWithPhone);

const zxcvbnChunk = JSON.parse(readFileSync(frameManifest, 'utf8'))[ZXCVBN_MODULE]?.file;
if (!zxcvbnChunk) {
  console.error(
    `${ZXCVBN_MODULE} is not in the frame's build manifest: update ZXCVBN_MODULE in scripts/size.mjs.`,
  );
  process.exit(1);
}
const zxcvbnFile = join(frameDist, zxcvbnChunk);
const zxcvbn = measure(zxcvbnFile);
console.log('\nFrame, zxcvbn for the password meter (lazy, create and reset screens)');
console.log(row(relative(frameDist, zxcvbnFile), zxcvbn));
check('zxcvbn', zxcvbn, BUDGETS.zxcvbn);

const lazy = allScripts(frameDist).filter(
  (file) => !initial.includes(file) && !phoneChunks.includes(file) && file !== zxcvbnFile,
);
console.log(`\nFrame, lazy chunks (not counted): ${lazy.length}`);
for (const file of lazy.sort()) console.log(row(relative(frameDist, file), measure(file)));

if (failed) {
  console.error('\nSize budget exceeded, or the compile hint is missing.');
  process.exit(1);
}
