import { join } from 'node:path';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repo = join(import.meta.dirname, '../../..');
const eslint = new ESLint({ cwd: repo });

const PACKAGE_IMPORT = `import { createTestAuthenticator } from '@latch/test-support/passkeys';
export const authenticator = createTestAuthenticator;
`;
const FOLDER_IMPORT = `import { openAuthKit } from '../../test/authTestKit';
export const kit = openAuthKit;
`;

/** What lint says of `source` at `path` (never written) about its imports. */
const restrictedImports = async (path: string, source = PACKAGE_IMPORT) => {
  const [result] = await eslint.lintText(source, { filePath: join(repo, path) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
};

describe('lint keeps test support out of product code', () => {
  // The first file linted loads the whole configuration (typescript-eslint, the plugins).
  beforeAll(() => restrictedImports('apps/provider/src/probe.ts'), 60_000);

  it.each([
    'apps/provider/src/passkeys/probe.ts',
    'apps/loader/src/probe.ts',
    'apps/frame/src/probe.tsx',
    'packages/screens/src/products/passkeys/probe.ts',
    'packages/protocol/src/probe.ts',
    'packages/session/src/probe.ts',
  ])('refuses @latch/test-support in %s', async (path) => {
    expect((await restrictedImports(path)).join('\n')).toMatch(/test support|nothing of ours/);
  });

  it.each(['apps/provider/src/passkeys/probe.ts', 'packages/session/src/probe.ts'])(
    'refuses a test/ folder in %s',
    async (path) => {
      expect((await restrictedImports(path, FOLDER_IMPORT)).join('\n')).toMatch(/test support/);
    },
  );

  it.each([
    'apps/provider/src/passkeys/probe.test.ts',
    'apps/provider/test/probe.ts',
    'packages/screens/src/test/passkeys/probe.ts',
    'msw/src/probe.ts',
    'e2e/tests/probe.spec.ts',
  ])('allows it in %s', async (path) => {
    expect(await restrictedImports(path)).toEqual([]);
    expect(await restrictedImports(path, FOLDER_IMPORT)).toEqual([]);
  });
});
