import { takeChallenge, type WebAuthnResult } from './ceremony';
import type { ChallengeExpectation } from './ceremony/takeChallenge';
import type { SqlChallengeStore, StoredChallengeRecord } from './sqlChallengeStore';

/** `takeChallenge` (single use, purpose and user checks) that keeps the record's ceremony context. */
export async function takeStoredChallenge(
  store: SqlChallengeStore,
  challenge: string,
  expected: ChallengeExpectation,
): Promise<WebAuthnResult<{ record: StoredChallengeRecord }>> {
  // A holder, not a `let`: TypeScript does not see assignments made inside the closure.
  const taken: { record: StoredChallengeRecord | null } = { record: null };
  const result = await takeChallenge(
    {
      issue: (purpose, userId) => store.issue(purpose, userId),
      consume: async (value) => (taken.record = await store.consume(value)),
    },
    challenge,
    expected,
  );
  if (!result.ok) return result;
  if (!taken.record) throw new Error('takeChallenge accepted a challenge the store did not return');
  return { ok: true, record: taken.record };
}
