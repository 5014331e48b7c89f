import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LatchConfig } from '../../src/config/configSchema';
import { PROVIDER_COMMAND, REPO_ROOT } from '../providerProcess';
import { TEST_ENCRYPTION_KEY } from '../testConfig';

/** A provider process started for probing, on a free loopback port. */
export interface ProbeProvider {
  port: number;
  pid: number;
  /** Resident memory now and at its peak so far (kB), from /proc. */
  memoryKb(): { rss: number; peak: number };
  /** Log lines at level error or above, and request lines with a 5xx status, so far. */
  errorLines(): string[];
  /** Request lines so far, by status. */
  statuses(): Map<number, number>;
  stop(): Promise<void>;
}

const ERROR_LEVEL = 50;

/**
 * Starts the provider as production runs it (`main.ts`, the build when fresh) on a copy of a
 * migrated PGlite folder, with `config`, trusting loopback's `X-Forwarded-For` (so one probe
 * can speak for many client addresses) and with a short request time-out.
 */
export async function startProbeProvider({
  pgliteTemplate,
  config,
  requestTimeoutSeconds = 1,
}: {
  pgliteTemplate: string;
  config: LatchConfig;
  requestTimeoutSeconds?: number;
}): Promise<ProbeProvider> {
  const dir = mkdtempSync(join(tmpdir(), 'latch-probe-'));
  cpSync(pgliteTemplate, join(dir, 'data', 'pglite'), { recursive: true });
  const configFile = join(dir, 'latch.config.json');
  writeFileSync(configFile, JSON.stringify(config));
  const child = spawn(...PROVIDER_COMMAND, {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LATCH_CONFIG: configFile,
      LATCH_ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      LATCH_DATA_DIR: join(dir, 'data'),
      LATCH_REQUEST_TIMEOUT_SECONDS: String(requestTimeoutSeconds),
      LATCH_TRUSTED_PROXIES: 'loopback',
      LATCH_LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  const statuses = new Map<number, number>();
  let pending = '';
  let stderr = '';
  const readLine = (line: string): void => {
    if (!line.startsWith('{')) return;
    const entry = JSON.parse(line) as { level?: number; msg?: string; status?: number };
    if ((entry.level ?? 0) >= ERROR_LEVEL) errors.push(line);
    if (entry.msg === 'request' && typeof entry.status === 'number') {
      statuses.set(entry.status, (statuses.get(entry.status) ?? 0) + 1);
      if (entry.status >= 500) errors.push(line);
    }
  };
  const listening = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const lines = (pending + chunk.toString()).split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) {
        const port = /\(port (\d+)\)/.exec(line)?.[1];
        if (port) resolve(Number(port));
        readLine(line);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) =>
      reject(new Error(`the provider exited (${code}) before listening:\n${stderr}`)),
    );
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const port = await listening;
  const pid = child.pid ?? 0;
  const memoryKb = () => {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
    return { rss: field('VmRSS'), peak: field('VmHWM') };
  };
  return {
    port,
    pid,
    memoryKb,
    errorLines: () => [...errors, ...(stderr ? [stderr] : [])],
    statuses: () => new Map(statuses),
    stop: async () => {
      child.kill('SIGKILL');
      await exited;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
