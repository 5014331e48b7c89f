import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex } from '../crypto/hash';
import type { Db } from '../db/Db';
import { DB_KINDS, openMigratedTestDb } from '../../test/testDatabases';
import { consumeToken, findToken, insertSql, issueToken, takeToken } from './oneTimeTokens';
import { TOKEN_KINDS } from './tokenKinds';

const project = { project_id: 'project-test-tokens', test: true };
let n = 0;
const secret = () => `secret-${++n}-${Date.now()}`;

describe.each(DB_KINDS)('one-time tokens on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb(kind);
  }, 60_000);
  afterAll(() => db?.close());

  const now = new Date();
  const later = new Date(now.getTime() + 60_000);
  const lookup = (value: string) => ({ projectId: project.project_id, tokenHash: sha256Hex(value), now });
  const issueState = (value: string, providerType = 'google') =>
    issueToken(db, 'oauth_state', {
      project,
      tokenHash: sha256Hex(value),
      userId: null,
      data: {
        providerType,
        loginRedirectUrl: 'https://app.example/login',
        signupRedirectUrl: 'https://app.example/signup',
        scopes: ['openid'],
        codeChallenge: null,
      },
      expiresAt: later,
      now,
    });

  it('answers the data its kind stored, read by its schema, once', async () => {
    const value = secret();
    await issueState(value);
    const taken = await takeToken(db, 'oauth_state', lookup(value));
    expect(taken?.data).toEqual({
      providerType: 'google',
      loginRedirectUrl: 'https://app.example/login',
      signupRedirectUrl: 'https://app.example/signup',
      scopes: ['openid'],
      codeChallenge: null,
    });
    expect(await takeToken(db, 'oauth_state', lookup(value))).toBeNull();
    // Another kind with the same hash is another token: nothing is found under the wrong kind.
    const other = secret();
    await issueState(other);
    expect(await findToken(db, 'oauth', lookup(other))).toBeNull();
  });

  it('leaves a token its check refuses usable, and never answers a row whose data is not its kind’s', async () => {
    const value = secret();
    await issueState(value);
    expect(
      await takeToken(db, 'oauth_state', lookup(value), (t) => t.data.providerType === 'github'),
    ).toBeNull();
    expect((await takeToken(db, 'oauth_state', lookup(value)))?.data.providerType).toBe('google');

    const broken = secret();
    const id = await issueState(broken);
    await db.query(`UPDATE one_time_tokens SET data = '{"providerType": 7}' WHERE token_id = $1`, [id]);
    expect(await findToken(db, 'oauth_state', lookup(broken))).toBeNull();
    expect(await consumeToken(db, 'oauth_state', id, now)).toBeNull();
  });

  it('gives a token to one of two concurrent takers', async () => {
    const value = secret();
    await issueState(value);
    const takers = await Promise.all([1, 2, 3].map(() => takeToken(db, 'oauth_state', lookup(value))));
    expect(takers.filter((t) => t !== null)).toHaveLength(1);
  });

  it("replaces, in the insert's statement, the unused tokens of a replacing kind with the same key", async () => {
    expect(
      Object.entries(TOKEN_KINDS).flatMap(([k, e]) => ('replacesBy' in e ? [[k, e.replacesBy]] : [])),
    ).toEqual([
      ['otp', 'method_id'],
      ['crypto_challenge', 'crypto_wallet_address'],
    ]);
    const issueCode = (value: string, methodId: string) =>
      issueToken(db, 'otp', {
        project,
        tokenHash: sha256Hex(value),
        userId: null,
        data: { method_id: methodId, channel: 'email' },
        expiresAt: later,
        now,
      });
    const [first, second, elsewhere] = [secret(), secret(), secret()];
    const method = `email-test-${secret()}`;
    await issueCode(first, method);
    await issueCode(elsewhere, `${method}-other`);
    await issueCode(second, method);
    expect(await findToken(db, 'otp', lookup(first))).toBeNull();
    expect((await findToken(db, 'otp', lookup(second)))?.data.method_id).toBe(method);
    expect(await findToken(db, 'otp', lookup(elsewhere))).not.toBeNull();
  });
});

describe('the replacing insert on PostgreSQL', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb('postgres');
  }, 60_000);
  afterAll(() => db?.close());

  it("finds the method's earlier codes through its index", async () => {
    const at = new Date();
    const params = [
      'token-test-x',
      project.project_id,
      'otp',
      'hash',
      null,
      '{"method_id":"m","channel":"email"}',
      at,
      at,
    ];
    const plan = await db.transaction(async (tx) => {
      await tx.query('SET LOCAL enable_seqscan = off');
      const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${insertSql('otp')}`, params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    // The method is a condition of the index scan, not a filter on every code of the project.
    expect(plan).toMatch(
      /Index Scan using one_time_tokens_method_idx[\s\S]*Index Cond: .*data ->> 'method_id'/,
    );
  });
});
