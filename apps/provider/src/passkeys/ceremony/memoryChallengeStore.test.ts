import { describe, expect, it } from 'vitest';
import { CHALLENGE_TTL_MS } from './challengeStore';
import { createMemoryChallengeStore } from './memoryChallengeStore';
import { takeChallenge } from './takeChallenge';

describe('createMemoryChallengeStore', () => {
  it('issues distinct base64url challenges that can be consumed once', async () => {
    const store = createMemoryChallengeStore({ now: () => 1000 });
    const a = await store.issue('registration', 'user-1');
    const b = await store.issue('authentication');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await store.consume(a)).toEqual({
      challenge: a,
      purpose: 'registration',
      userId: 'user-1',
      expiresAt: 1000 + CHALLENGE_TTL_MS,
    });
    expect(await store.consume(a)).toBeNull();
    expect(await store.consume(b)).toMatchObject({ purpose: 'authentication', userId: null });
    expect(await store.consume('never-issued')).toBeNull();
  });

  it('answers null once the challenge has expired', async () => {
    let now = 0;
    const store = createMemoryChallengeStore({ now: () => now });
    const challenge = await store.issue('authentication');
    now = CHALLENGE_TTL_MS;
    expect(await store.consume(challenge)).toBeNull();
    const fresh = await store.issue('authentication');
    now += CHALLENGE_TTL_MS - 1;
    expect(await store.consume(fresh)).not.toBeNull();
  });
});

describe('takeChallenge', () => {
  it('refuses a challenge of another purpose or user, and burns it anyway', async () => {
    const store = createMemoryChallengeStore();
    const forAuth = await store.issue('authentication');
    expect(await takeChallenge(store, forAuth, { purpose: 'registration' })).toMatchObject({
      ok: false,
      error_type: 'invalid_webauthn_challenge',
    });
    expect(await takeChallenge(store, forAuth, { purpose: 'authentication' })).toMatchObject({ ok: false });

    const forUser = await store.issue('registration', 'user-1');
    expect(await takeChallenge(store, forUser, { purpose: 'registration', userId: 'user-2' })).toMatchObject({
      ok: false,
      error_type: 'invalid_webauthn_challenge',
    });

    const good = await store.issue('registration', 'user-1');
    const taken = await takeChallenge(store, good, { purpose: 'registration', userId: 'user-1' });
    expect(taken).toMatchObject({ ok: true, record: { challenge: good, userId: 'user-1' } });
  });
});
