import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { cpuTime } from './cpuTime.mjs';
import { waitForReady } from './waitForReady.mjs';
import { watchOutput } from './watchOutput.mjs';

const children = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

/** A port nothing listens on yet. */
const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** A fake provider: a node process running `source`, its output piped and watched like npm start's. */
function fakeProvider(source, port) {
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const terminal = { stdout: new PassThrough(), stderr: new PassThrough() };
  const output = watchOutput(child, terminal);
  return { child, output, progress: () => `${output.bytes()}:${cpuTime(child.pid)}` };
}

const LISTEN = `require('node:http').createServer((q, s) => s.end('ok')).listen(Number(process.env.PORT), '127.0.0.1');`;

describe('waitForReady (npm start waiting for the provider)', () => {
  it('keeps waiting past the stall limit for a provider that computes, saying it is still starting', async () => {
    const port = await freePort();
    // Computing silently for 2.5 s (like a first database set-up), then listening.
    const slow = fakeProvider(`const end = Date.now() + 2500; while (Date.now() < end); ${LISTEN}`, port);
    const notices = [];
    const result = await waitForReady({
      url: `http://127.0.0.1:${port}/`,
      child: slow.child,
      progress: slow.progress,
      stallMs: 1000,
      noticeMs: 500,
      onSlow: (seconds) => notices.push(seconds),
    });
    expect(result).toBe('ready');
    expect(notices.length).toBeGreaterThan(0);
  }, 20_000);

  it('stops waiting as soon as the provider exits, with its output kept', async () => {
    const port = await freePort();
    const failing = fakeProvider(
      `console.error('Latch provider cannot start: PORT is taken'); process.exit(1);`,
      port,
    );
    const result = await waitForReady({
      url: `http://127.0.0.1:${port}/`,
      child: failing.child,
      progress: failing.progress,
    });
    expect(result).toBe('exited');
    await expect.poll(() => failing.output.tail()).toBe('Latch provider cannot start: PORT is taken');
  }, 20_000);

  it('gives up on a provider that is alive but does nothing and never answers', async () => {
    const port = await freePort();
    const hung = fakeProvider(`console.log('starting'); setInterval(() => {}, 600_000);`, port);
    const started = Date.now();
    const result = await waitForReady({
      url: `http://127.0.0.1:${port}/`,
      child: hung.child,
      progress: hung.progress,
      stallMs: 1500,
    });
    expect(result).toBe('stalled');
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500);
    expect(hung.child.exitCode).toBe(null);
  }, 20_000);
});
