import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LatchConfig, ProjectConfig } from '../config/configSchema';
import type { Db } from '../db/Db';
import { capturingLogger } from '../../test/testApp';
import { testConfig } from '../../test/testConfig';
import { openMigratedTestDb } from '../../test/testDatabases';
import { createDeliveryWorker, type DeliveryWorker } from './deliveryWorker';
import type { GatewayMessage, SendOutcome } from './gateways/Gateway';
import { enqueueMessage } from './outbox';
import { retryMessages } from './outboxAdmin';

const base = testConfig();
const [testProject] = base.projects;
if (!testProject) throw new Error('fixture');
const liveProject: ProjectConfig = {
  ...testProject,
  project_id: 'project-live-5c7a0d2e-0000-4000-8000-000000000001',
  public_token: 'public-token-live-5c7a0d2e-0000-4000-8000-000000000001',
  test: false,
};
const config: LatchConfig = { ...base, projects: [testProject, liveProject] };

interface Row extends Record<string, unknown> {
  state: string;
  body_text: string;
  body_html: string | null;
  metadata: Record<string, unknown>;
}

describe('a live project’s passcodes and links are not kept in clear once final', () => {
  let db: Db;
  let worker: DeliveryWorker;
  // The gateway refuses the numbers that end in 9, permanently, and takes the others.
  const send = (message: GatewayMessage): Promise<SendOutcome> =>
    Promise.resolve(
      message.to.endsWith('9') ? { kind: 'failed', reason: 'not a mobile number' } : { kind: 'sent' },
    );

  beforeAll(async () => {
    db = await openMigratedTestDb('pglite');
    worker = createDeliveryWorker({
      db,
      config,
      logger: capturingLogger(),
      env: {},
      gateways: { of: () => ({ send }), close: () => undefined },
    });
  }, 60_000);
  afterAll(async () => {
    await worker?.stop();
    await db?.close();
  });

  const passcode = (project: ProjectConfig, recipient: string, expiresAt: Date) =>
    enqueueMessage(db, {
      project,
      channel: 'sms',
      recipient,
      bodyText: 'Your code is 123456',
      bodyHtml: '<p>Your code is 123456</p>',
      metadata: { kind: 'otp', code: '123456', token: 'a-token', url: 'https://example.com/?token=a-token' },
      expiresAt,
    });
  const final = async (id: string): Promise<Row> => {
    worker.wake();
    let row: Row | undefined;
    await expect
      .poll(
        async () => {
          [row] = await db.query<Row>(
            'SELECT state, body_text, body_html, metadata FROM outbox WHERE message_id = $1',
            [id],
          );
          return row?.state;
        },
        { timeout: 20_000, interval: 25 },
      )
      .toMatch(/^(sent|failed|expired)$/);
    if (!row) throw new Error(`no message ${id}`);
    return row;
  };
  const inAnHour = () => new Date(Date.now() + 3_600_000);
  const scrubbed = { body_text: '', body_html: null, metadata: { kind: 'otp' } };

  it('sent: the body and the code, token and link are gone; the kind stays', async () => {
    expect(await final(await passcode(liveProject, '+15555550100', inAnHour()))).toEqual({
      state: 'sent',
      ...scrubbed,
    });
  });

  it('failed: the same, and `latch outbox retry` has nothing to send again', async () => {
    const id = await passcode(liveProject, '+15555550109', inAnHour());
    expect(await final(id)).toEqual({ state: 'failed', ...scrubbed });
    expect(await retryMessages(db, { messageId: id }, new Date())).toEqual([]);
  });

  it('expired while queued: the same', async () => {
    const id = await passcode(liveProject, '+15555550101', new Date(Date.now() - 1000));
    expect(await final(id)).toEqual({ state: 'expired', ...scrubbed });
  });

  it('a test project keeps its messages whole for the dev inbox', async () => {
    const row = await final(await passcode(testProject, '+15555550102', inAnHour()));
    expect(row).toMatchObject({ state: 'sent', body_text: 'Your code is 123456' });
    expect(row.metadata).toMatchObject({ code: '123456', token: 'a-token' });
  });

  it('a live event (no secret, no expiry) keeps its payload, so a failed one can be sent again', async () => {
    const id = await enqueueMessage(db, {
      project: liveProject,
      channel: 'webhook',
      recipient: 'https://example.com/hooks9',
      bodyText: '{"type":"user.created"}',
    });
    expect(await final(id)).toMatchObject({ state: 'failed', body_text: '{"type":"user.created"}' });
    expect(await retryMessages(db, { messageId: id }, new Date())).toEqual([id]);
  });
});
