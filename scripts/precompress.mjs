// Compresses the built files the provider serves, once at build time: `x.js` gets `x.js.br`
// (brotli, quality 11) and `x.js.gz` (gzip, level 9) beside it. The provider sends the variant the
// browser accepts (apps/provider/src/http/encodedFile.ts); compressing on every request cost CPU
// and, with gzip level 6 on the fly, bytes. `npm run build` runs it last.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const root = fileURLToPath(new URL('..', import.meta.url));
/** What the provider serves as files: the frame's hashed assets and the loader's scripts. */
const DIRS = ['apps/frame/dist/assets', 'apps/loader/dist'];
const COMPRESSIBLE = /\.(?:m?js|css|svg|json|txt|wasm)$/;
/** Smaller files gain little and hono's on-the-fly threshold is the same. */
const MIN_BYTES = 1024;

let files = 0;
let before = 0;
let after = 0;
for (const dir of DIRS.map((d) => join(root, d))) {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch {
    console.error(`precompress: ${relative(root, dir)} is missing; build it first.`);
    process.exit(1);
  }
  for (const entry of entries) {
    if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
    const file = join(dir, entry.name);
    const bytes = readFileSync(file);
    if (bytes.length < MIN_BYTES) continue;
    const br = brotliCompressSync(bytes, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
      },
    });
    writeFileSync(`${file}.br`, br);
    writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
    files++;
    before += bytes.length;
    after += br.length;
  }
}
console.log(
  `precompress: ${files} files, ${(before / 1024).toFixed(1)} KB → ${(after / 1024).toFixed(1)} KB brotli`,
);
