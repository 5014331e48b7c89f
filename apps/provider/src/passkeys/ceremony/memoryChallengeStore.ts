import type { ChallengePurpose, ChallengeRecord, ChallengeStore } from './challengeStore';
import { CHALLENGE_TTL_MS, generateChallenge } from './challengeStore';

export interface MemoryChallengeStoreOptions {
  ttlMs?: number;
  /** Injected clock so tests can expire challenges without waiting. */
  now?: () => number;
}

/** ChallengeStore in a Map, for tests and single-process dev. Synchronous inside, so consume is atomic. */
export function createMemoryChallengeStore(options: MemoryChallengeStoreOptions = {}): ChallengeStore {
  const ttlMs = options.ttlMs ?? CHALLENGE_TTL_MS;
  const now = options.now ?? Date.now;
  const records = new Map<string, ChallengeRecord>();

  function sweep(at: number): void {
    // Abandoned ceremonies would otherwise accumulate forever.
    for (const [key, record] of records) if (record.expiresAt <= at) records.delete(key);
  }

  return {
    async issue(purpose: ChallengePurpose, userId?: string): Promise<string> {
      const at = now();
      sweep(at);
      const challenge = generateChallenge();
      records.set(challenge, { challenge, purpose, userId: userId ?? null, expiresAt: at + ttlMs });
      return challenge;
    },
    async consume(challenge: string): Promise<ChallengeRecord | null> {
      const record = records.get(challenge);
      if (!record) return null;
      records.delete(challenge);
      return record.expiresAt > now() ? record : null;
    },
  };
}
