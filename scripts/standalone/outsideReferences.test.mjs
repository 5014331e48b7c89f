import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { findOutsideReferences } from './outsideReferences.mjs';

const roots = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A throwaway repository holding `files` (path → text). */
function repo(files) {
  const root = mkdtempSync(join(tmpdir(), 'latch-standalone-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

// Built from parts so this test file does not trip the check it tests.
const doc = (name) => `${name}.md`;
const shared = ['..', 'shared'].join('/');
const workShared = ['', 'work', 'shared'].join('/');

describe('findOutsideReferences', () => {
  it('finds each outside document named in code, tests, docs and READMEs', () => {
    const root = repo({
      'apps/loader/src/a.ts': `// the rule (${doc('SPEC')} section 9)\nexport const a = 1;\n`,
      'packages/api/src/b.test.ts': `it('answers every ${doc('API')} field', () => {});\n`,
      'docs/embed.md': `See ${doc('ARCHITECTURE')}.\n`,
      'README.md': `Style: ${doc('STYLE')}\n`,
      'msw/README.md': `Read ${shared}/notes/testing.md\n`,
      'scripts/c.mjs': `// ${workShared}/notes/x.md\n`,
    });
    expect(findOutsideReferences(root).sort()).toEqual([
      `README.md:1: Style: ${doc('STYLE')}`,
      `apps/loader/src/a.ts:1: // the rule (${doc('SPEC')} section 9)`,
      `docs/embed.md:1: See ${doc('ARCHITECTURE')}.`,
      `msw/README.md:1: Read ${shared}/notes/testing.md`,
      `packages/api/src/b.test.ts:1: it('answers every ${doc('API')} field', () => {});`,
      `scripts/c.mjs:1: // ${workShared}/notes/x.md`,
    ]);
  });

  it('passes a repository that states its rules itself, and skips build output', () => {
    const root = repo({
      'apps/loader/src/a.ts': '// Updates wait 100 ms to settle (docs/embed.md).\n',
      // Near misses, assembled like the names above: a longer name, another extension.
      'docs/backend.md': `The Open${doc('API')} file and ${doc('SPEC')}x are other names.\n`,
      'apps/loader/dist/loader.js': `// ${doc('SPEC')}\n`,
      'node_modules/x/README.md': `${doc('API')}\n`,
    });
    expect(findOutsideReferences(root)).toEqual([]);
  });
});
