import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../db/openDb';
import { enqueueMessage } from '../../delivery/outbox';
import { testProject } from '../../../test/testConfig';
import { EXIT, type CliIo } from '../Command';
import { commands } from '../commands';
import { runCli } from '../runCli';

const dataDir = mkdtempSync(join(tmpdir(), 'latch-cli-outbox-'));
const env = { LATCH_DATA_DIR: dataDir };
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function capture(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return { stdout, stderr, out: (l) => stdout.push(l), err: (l) => stderr.push(l), env };
}

async function latch(...argv: string[]) {
  const io = capture();
  const code = await runCli(commands, argv, io);
  return { code, stdout: io.stdout, stderr: io.stderr };
}

async function withDb<T>(fn: (db: Awaited<ReturnType<typeof openDb>>) => Promise<T>): Promise<T> {
  const db = await openDb({ dataDir });
  try {
    return await fn(db);
  } finally {
    await db.close();
  }
}

const ids: Record<'sent' | 'failed' | 'failedToo' | 'expired', string> = {
  sent: '',
  failed: '',
  failedToo: '',
  expired: '',
};

// Each command opens the PGlite folder anew: seconds on a loaded machine.
describe('latch outbox', { timeout: 60_000 }, () => {
  beforeAll(async () => {
    expect((await latch('migrate')).code).toBe(EXIT.ok);
    await withDb(async (db) => {
      const project = testProject();
      for (const key of Object.keys(ids) as (keyof typeof ids)[]) {
        ids[key] = await enqueueMessage(db, {
          project,
          channel: 'email',
          recipient: `${key}@example.com`,
          bodyText: key,
        });
        const state = key === 'failedToo' ? 'failed' : key;
        await db.query(
          'UPDATE outbox SET state = $2, attempts = 3, error = $3, next_attempt_at = NULL WHERE message_id = $1',
          [ids[key], state, state === 'failed' ? '550 5.1.1 mailbox unavailable' : null],
        );
      }
    });
  }, 60_000);

  it('lists messages newest first, with state, attempts and the reason', async () => {
    const all = await latch('outbox', 'list');
    expect(all.code).toBe(EXIT.ok);
    expect(all.stdout[0]).toBe(
      'message_id\tstate\tchannel\tto\tattempts\tcreated_at\tsent_or_next_at\terror',
    );
    expect(all.stdout.slice(1).map((line) => line.split('\t')[0])).toEqual([
      ids.expired,
      ids.failedToo,
      ids.failed,
      ids.sent,
    ]);
    const failed = await latch('outbox', 'list', '--state', 'failed', '--limit', '1');
    expect(failed.stdout.slice(1)).toHaveLength(1);
    expect(failed.stdout[1]?.split('\t')).toEqual([
      ids.failedToo,
      'failed',
      'email',
      'failedToo@example.com',
      '3',
      expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      '-',
      '550 5.1.1 mailbox unavailable',
    ]);
  });

  it('refuses a state or limit it does not know, with exit code 2', async () => {
    const state = await latch('outbox', 'list', '--state', 'lost');
    expect(state.code).toBe(EXIT.usage);
    expect(state.stderr[0]).toContain(
      '--state "lost" is not one of queued, sending, sent, failed, expired, held',
    );
    expect((await latch('outbox', 'list', '--limit', '0')).code).toBe(EXIT.usage);
    expect((await latch('outbox', 'retry')).code).toBe(EXIT.usage);
    expect((await latch('outbox', 'retry', ids.failed, '--failed')).code).toBe(EXIT.usage);
  });

  it('queues one failed message again by id, and refuses one that was sent or expired', async () => {
    const retried = await latch('outbox', 'retry', ids.failed);
    expect(retried).toMatchObject({ code: EXIT.ok, stdout: ['queued again: 1 message', ids.failed] });
    const row = await withDb(async (db) =>
      db.query<{ state: string; attempts: number; next_attempt_at: Date | null }>(
        'SELECT state, attempts, next_attempt_at FROM outbox WHERE message_id = $1',
        [ids.failed],
      ),
    );
    expect(row[0]).toMatchObject({ state: 'queued', attempts: 0 });
    expect(row[0]?.next_attempt_at).toBeInstanceOf(Date);

    const sent = await latch('outbox', 'retry', ids.sent);
    expect(sent.code).toBe(EXIT.failed);
    expect(sent.stderr[0]).toBe(
      `latch outbox retry: ${ids.sent} is sent; only failed or held messages are retried`,
    );
    expect((await latch('outbox', 'retry', ids.expired)).code).toBe(EXIT.failed);
    expect((await latch('outbox', 'retry', 'message-test-nope')).stderr[0]).toBe(
      'latch outbox retry: no message message-test-nope',
    );
  });

  it('queues every failed message again with --failed', async () => {
    const retried = await latch('outbox', 'retry', '--failed');
    expect(retried).toMatchObject({ code: EXIT.ok, stdout: ['queued again: 1 message', ids.failedToo] });
    expect((await latch('outbox', 'list', '--state', 'failed')).stdout).toHaveLength(1);
    expect((await latch('outbox', 'list', '--state', 'queued')).stdout).toHaveLength(3);
  });
});
