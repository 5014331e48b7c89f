import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { testProject } from './testConfig';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'latch-main-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function start(env: Record<string, string>) {
  return spawnSync(join(root, 'node_modules/.bin/tsx'), ['apps/provider/src/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: '0', LATCH_DATA_DIR: join(dir, 'data'), ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

describe('main.ts', () => {
  it('stops with exit code 1 and says what is wrong where, for a bad config file', () => {
    const file = join(dir, 'latch.config.json');
    writeFileSync(
      file,
      JSON.stringify({ projects: [testProject({ authorized_origins: ['http://a.test', 'http://x/'] })] }),
    );
    const result = start({ LATCH_CONFIG: file });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `Latch provider cannot start: ${file}: projects[0].authorized_origins[1]: "http://x/" is not an origin (no path allowed)`,
    );
  }, 60_000);

  it('stops with exit code 1 for a bad LATCH_AUTH_ORIGIN', () => {
    const result = start({ LATCH_AUTH_ORIGIN: 'http://localhost:4000/app' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('LATCH_AUTH_ORIGIN');
  }, 60_000);

  it('stops with exit code 1 for a LATCH_DEV_ORIGINS entry that is not an origin', () => {
    const result = start({ LATCH_DEV_ORIGINS: 'http://127.0.0.1:3600,http://localhost:3600/' });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      'Latch provider cannot start: LATCH_DEV_ORIGINS: "http://localhost:3600/" is not an origin (no path allowed)',
    );
  }, 60_000);
});
