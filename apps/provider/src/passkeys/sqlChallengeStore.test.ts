import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../db/Db';
import { DB_KINDS, openMigratedTestDb } from '../../test/testDatabases';
import { CHALLENGE_TTL_MS } from './ceremony';
import { CHALLENGE_KIND, createSqlChallengeStore, takeStoredChallenge } from '.';

const project = { project_id: 'project-test-challenges', test: true };
const context = { rpId: 'localhost', userAgent: 'UA', authenticatorType: 'platform' };

describe.each(DB_KINDS)('SQL challenge store on %s', (kind) => {
  let db: Db;
  beforeAll(async () => {
    db = await openMigratedTestDb(kind);
  }, 60_000);
  afterAll(() => db?.close());

  it('hands a challenge out once, with its purpose, user and context', async () => {
    const store = createSqlChallengeStore(db, project);
    const challenge = await store.issue('authentication', undefined, context);
    expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await db.query<{ token_hash: string }>(
      'SELECT token_hash FROM one_time_tokens WHERE kind = $1 AND project_id = $2',
      [CHALLENGE_KIND, project.project_id],
    );
    // Stored hashed: the table never holds a usable challenge.
    expect(row?.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.token_hash).not.toBe(challenge);

    expect(await store.consume(challenge)).toMatchObject({
      challenge,
      purpose: 'authentication',
      userId: null,
      context,
    });
    expect(await store.consume(challenge)).toBeNull();
  });

  it('lets only one of two concurrent consumers have it', async () => {
    const store = createSqlChallengeStore(db, project);
    const challenge = await store.issue('authentication', undefined, context);
    const results = await Promise.all([store.consume(challenge), store.consume(challenge)]);
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('refuses an expired challenge, and deletes it', async () => {
    let now = Date.now();
    const store = createSqlChallengeStore(db, project, { now: () => now });
    const challenge = await store.issue('authentication', undefined, context);
    now += CHALLENGE_TTL_MS + 1;
    expect(await store.consume(challenge)).toBeNull();
    now -= CHALLENGE_TTL_MS + 1;
    expect(await store.consume(challenge)).toBeNull();
  });

  it("keeps projects apart: another project's store cannot consume it", async () => {
    const challenge = await createSqlChallengeStore(db, project).issue('authentication', undefined, context);
    const other = createSqlChallengeStore(db, { project_id: 'project-test-other', test: true });
    expect(await other.consume(challenge)).toBeNull();
    expect(await createSqlChallengeStore(db, project).consume(challenge)).not.toBeNull();
  });

  it('checks purpose and user through takeChallenge, spending the challenge either way', async () => {
    const store = createSqlChallengeStore(db, project);
    const challenge = await store.issue('authentication', undefined, context);
    expect(await takeStoredChallenge(store, challenge, { purpose: 'registration' })).toMatchObject({
      ok: false,
      error_type: 'invalid_webauthn_challenge',
    });
    expect(await takeStoredChallenge(store, challenge, { purpose: 'authentication' })).toMatchObject({
      ok: false,
      error_type: 'invalid_webauthn_challenge',
    });
    const fresh = await store.issue('authentication', undefined, context);
    expect(await takeStoredChallenge(store, fresh, { purpose: 'authentication' })).toMatchObject({
      ok: true,
      record: { challenge: fresh, context },
    });
  });
});
