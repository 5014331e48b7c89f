import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cachedPGliteDump, cachedPGliteTemplate } from './pgliteTemplate';
import { pgliteEmptyCachePath, pgliteTemplateCacheDir, pgliteTemplateCachePath } from './pgliteTemplateCache';

const repo = join(import.meta.dirname, '../../..');
const root = mkdtempSync(join(tmpdir(), 'latch-template-key-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

// A checkout with what the key reads: PGlite's manifest, the migration runner and the migrations.
mkdirSync(join(root, 'node_modules/@electric-sql/pglite'), { recursive: true });
mkdirSync(join(root, 'apps/provider/src/db'), { recursive: true });
cpSync(join(repo, 'apps/provider/migrations'), join(root, 'apps/provider/migrations'), { recursive: true });
cpSync(join(repo, 'apps/provider/src/db/migrate.ts'), join(root, 'apps/provider/src/db/migrate.ts'));
const manifest = join(root, 'node_modules/@electric-sql/pglite/package.json');
writeFileSync(manifest, '{"version":"1.0.0"}');

it('reuses the current template and its dump, and removes older ones and copies a killed run left behind', async () => {
  const current = pgliteTemplateCachePath(root);
  const dir = (name: string) => join(pgliteTemplateCacheDir(root), name);
  const make = (path: string, ageMs = 0) => {
    mkdirSync(path, { recursive: true });
    const when = new Date(Date.now() - ageMs);
    utimesSync(path, when, when);
    return path;
  };
  make(current);
  const empty = make(pgliteEmptyCachePath(root));
  const older = make(dir('pglite-migrated-0123456789abcdef'));
  const olderEmpty = make(dir('pglite-empty-0123456789abcdef'));
  const abandoned = make(`${current}.building-1-1`, 2 * 3_600_000);
  const inProgress = make(`${current}.building-2-2`);
  const unrelated = make(dir('something-else'));
  const dumpOf = (folder: string) => {
    writeFileSync(`${folder}.tar`, `dump of ${folder}`);
    return `${folder}.tar`;
  };
  const dumps = [dumpOf(current), dumpOf(empty), dumpOf(older), dumpOf(olderEmpty)];
  const dumpInProgress = make(`${current}.tar.building-3-3-folder`);

  const notMadeAgain = () => Promise.reject(new Error('the current template is kept, not made again'));
  const storage = { openPGliteDb: notMadeAgain, migrate: notMadeAgain };
  expect(await cachedPGliteTemplate(storage, root)).toBe(current);
  const kept = [current, empty, older, olderEmpty, abandoned, inProgress, unrelated].map(existsSync);
  expect(kept).toEqual([true, true, false, false, false, true, true]);
  expect([...dumps, dumpInProgress].map(existsSync)).toEqual([true, true, false, false, true]);
  // A kept dump is reused as it is, not made again.
  expect(await cachedPGliteDump(current)).toBe(`${current}.tar`);
  expect(readFileSync(`${current}.tar`, 'utf8')).toBe(`dump of ${current}`);
});

describe('the cached PGlite template’s name', () => {
  it('stays the same while nothing that shapes the database changes', () => {
    expect(pgliteTemplateCachePath(root)).toBe(pgliteTemplateCachePath(root));
    expect(pgliteTemplateCachePath(root)).toMatch(
      /node_modules\/\.cache\/latch\/pglite-migrated-[0-9a-f]{16}$/,
    );
  });

  it('changes with a new migration, an edited one, the runner or PGlite’s version', () => {
    const names = new Set([pgliteTemplateCachePath(root)]);
    writeFileSync(join(root, 'apps/provider/migrations/999_new.sql'), 'CREATE TABLE t (id int);');
    names.add(pgliteTemplateCachePath(root));
    writeFileSync(join(root, 'apps/provider/migrations/999_new.sql'), 'CREATE TABLE t (id bigint);');
    names.add(pgliteTemplateCachePath(root));
    writeFileSync(join(root, 'apps/provider/src/db/migrate.ts'), '// another runner');
    names.add(pgliteTemplateCachePath(root));
    writeFileSync(manifest, '{"version":"1.0.1"}');
    names.add(pgliteTemplateCachePath(root));
    expect(names.size).toBe(5);
  });

  it('of the empty cluster changes with PGlite’s version only, not with the migrations', () => {
    const before = pgliteEmptyCachePath(root);
    expect(before).toMatch(/node_modules\/\.cache\/latch\/pglite-empty-[0-9a-f]{16}$/);
    writeFileSync(join(root, 'apps/provider/migrations/998_other.sql'), 'CREATE TABLE u (id int);');
    writeFileSync(join(root, 'apps/provider/src/db/migrate.ts'), '// yet another runner');
    expect(pgliteEmptyCachePath(root)).toBe(before);
    writeFileSync(manifest, '{"version":"2.0.0"}');
    expect(pgliteEmptyCachePath(root)).not.toBe(before);
  });
});
