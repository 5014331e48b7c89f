import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { findPostgresBin } from './startPostgres';

const execFileAsync = promisify(execFile);
const START_POSTGRES = fileURLToPath(new URL('./startPostgres.ts', import.meta.url));

/** A process that starts a cluster, prints where, and exits without stopping it, as a killed test run does. */
const OWNER = `
import { findPostgresBin, startPostgres } from ${JSON.stringify(START_POSTGRES)};
const cluster = await startPostgres(findPostgresBin());
console.log(JSON.stringify({ url: cluster.url, dir: new URL(cluster.socketUrl).searchParams.get('host') }));
process.exit(0);
`;

describe('startPostgres', () => {
  it('stops the cluster and removes its folder when its process exits without stopping it', async () => {
    expect(findPostgresBin(), 'PostgreSQL binaries (apt-get install postgresql)').not.toBeNull();
    const { stdout } = await execFileAsync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', OWNER],
      { encoding: 'utf8', timeout: 60_000 },
    );
    const { url, dir } = JSON.parse(stdout) as { url: string; dir: string };
    expect(existsSync(dir)).toBe(false);
    const client = postgres(url, { max: 1, connect_timeout: 5, onnotice: () => undefined });
    try {
      await expect(client`SELECT 1`).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    } finally {
      await client.end();
    }
  });
});
