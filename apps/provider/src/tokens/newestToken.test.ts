import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../db/Db';
import { openAuthKit, PROJECT_ID, type AuthKit } from '../../test/authTestKit';
import { findNewestToken } from './newestToken';

describe('the newest-token lookup before each send', () => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit('pglite');
    for (let i = 0; i < 30; i++)
      await kit.ok('/otps/email/login_or_create', { email: `newest${i}@example.com` });
  }, 60_000);
  afterAll(() => kit?.close());

  it("reads the user's own tokens through the user index on a database without statistics (PGlite)", async () => {
    const [token] = await kit.db.query<{ user_id: string; method_id: string }>(
      "SELECT user_id, data->>'method_id' AS method_id FROM one_time_tokens WHERE kind = 'otp' LIMIT 1",
    );
    if (!token) throw new Error('no code was issued');
    const plans: string[] = [];
    const explaining: Queryable = {
      query: async (sql, params) => {
        const rows = await kit.db.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${sql}`, params);
        plans.push(rows.map((row) => row['QUERY PLAN']).join('\n'));
        return [];
      },
      exec: () => Promise.resolve(),
    };
    const match = { method_id: token.method_id };
    await findNewestToken(explaining, {
      kind: 'otp',
      userId: token.user_id,
      match,
      projectId: PROJECT_ID,
      now: new Date(),
    });
    // Not the project's index, filtering every code the project ever issued: each send would be slower.
    expect(plans[0]).toMatch(/Index Scan (Backward )?using one_time_tokens_user_idx/);
  });
});
