import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { publishedExports } from './publishManifest.mjs';

const script = fileURLToPath(new URL('publishManifest.mjs', import.meta.url));

// As the repository writes it: sources under the source condition, one subpath only for its own tests.
const SOURCE = `{
  "name": "@latch/publish-manifest-test",
  "exports": {
    ".": {
      "@latch/source": "./src/index.ts",
      "types": "./dist/index.d.ts",
      "import": "./dist/index.js"
    },
    "./testing": {
      "@latch/source": "./src/testing.ts"
    },
    "./loader.js": "./dist/loader.js"
  }
}
`;

describe('the published package.json', () => {
  let dir = '';
  afterEach(() => rmSync(dir, { recursive: true, force: true }));
  const run = (step) => execFileSync(process.execPath, [script, step], { cwd: dir });
  const manifest = () => readFileSync(join(dir, 'package.json'), 'utf8');

  it('names no source file: the condition goes, and an entry left empty with it', () => {
    expect(publishedExports(JSON.parse(SOURCE).exports)).toEqual({
      '.': { types: './dist/index.d.ts', import: './dist/index.js' },
      './loader.js': './dist/loader.js',
    });
  });

  it('is written by prepack and the original put back by postpack, byte for byte', () => {
    dir = mkdtempSync(join(tmpdir(), 'latch-publish-'));
    writeFileSync(join(dir, 'package.json'), SOURCE);
    run('prepack');
    expect(manifest()).not.toContain('@latch/source');
    expect(JSON.parse(manifest()).exports['.'].import).toBe('./dist/index.js');
    run('postpack');
    expect(manifest()).toBe(SOURCE);
  });

  it('keeps the original when a pack died before its postpack', () => {
    dir = mkdtempSync(join(tmpdir(), 'latch-publish-'));
    writeFileSync(join(dir, 'package.json'), SOURCE);
    run('prepack');
    run('prepack');
    run('postpack');
    expect(manifest()).toBe(SOURCE);
  });
});
