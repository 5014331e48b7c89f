import { mkdtempSync, mkdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'vite';
import { afterAll, describe, expect, it } from 'vitest';
import { recordBuild, staleReason } from './buildRecord.mjs';

const repo = mkdtempSync(join(tmpdir(), 'latch-build-record-'));
const workspace = join(repo, 'apps/site');
afterAll(() => rmSync(repo, { recursive: true, force: true }));

let edits = 0;
/** A file written with new text and a modification time of its own (before the next build starts). */
function edit(file, text) {
  writeFileSync(file, text);
  edits += 1;
  const when = new Date(Date.now() - 60_000 + edits * 1000);
  utimesSync(file, when, when);
}

const buildSite = () =>
  build({
    root: workspace,
    configFile: false,
    logLevel: 'silent',
    plugins: [recordBuild({ repoRoot: repo })],
    build: { lib: { entry: 'src/main.js', formats: ['es'], fileName: () => 'site.js' }, outDir: 'dist' },
  });

describe('staleReason (npm start builds what changed)', () => {
  mkdirSync(join(workspace, 'src'), { recursive: true });
  writeFileSync(join(repo, 'package-lock.json'), '{}');
  writeFileSync(join(workspace, 'package.json'), '{"name":"site"}');
  writeFileSync(
    join(workspace, 'src/main.js'),
    "import { word } from './word.js';\nexport const say = () => word;\n",
  );
  writeFileSync(join(workspace, 'src/word.js'), "export const word = 'one';\n");
  mkdirSync(join(repo, '.latch'), { recursive: true });
  writeFileSync(join(repo, '.latch/latch.config.json'), '{}');

  it('says a workspace never built needs a build', () => {
    expect(staleReason(workspace, repo)).toBe('not built yet');
  });

  it('finds nothing to do right after a build, nor after a config edit elsewhere', async () => {
    await buildSite();
    expect(staleReason(workspace, repo)).toBeNull();
    edit(join(repo, '.latch/latch.config.json'), '{"projects":[]}');
    expect(staleReason(workspace, repo)).toBeNull();
  });

  it('names the module that changed, and is satisfied once rebuilt', async () => {
    edit(join(workspace, 'src/word.js'), "export const word = 'two';\n");
    expect(staleReason(workspace, repo)).toBe('changed: apps/site/src/word.js');
    await buildSite();
    expect(staleReason(workspace, repo)).toBeNull();
  });

  it('rebuilds after a lockfile change or a lost output', async () => {
    edit(join(repo, 'package-lock.json'), '{"lockfileVersion":3}');
    expect(staleReason(workspace, repo)).toBe('changed: package-lock.json');
    await buildSite();
    rmSync(join(workspace, 'dist/site.js'));
    expect(staleReason(workspace, repo)).toBe('output missing: apps/site/dist/site.js');
  });
});
