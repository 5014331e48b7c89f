import { randomToken, sha256Hex } from '../crypto/hash';
import type { Queryable } from '../db/Db';
import { addMinutes } from '../sessions/duration';
import { issueToken, takeToken } from '../tokens/oneTimeTokens';
import type { TokenData } from '../tokens/tokenKinds';
import type { ProjectRef } from '../users/project';

const FAILURE_MINUTES = 10;

export type OAuthFailure = TokenData<'oauth_failure'>;

/**
 * A failed OAuth sign-in, as a landing token: the landing page redeems every `?token=` it gets
 * the same way (`POST /oauth/authenticate`), so the failure reaches it as that call's error, with
 * no client change. Single use, 10 minutes, stored hashed like every token.
 */
export async function issueOAuthFailure(
  db: Queryable,
  project: ProjectRef,
  failure: OAuthFailure,
  now: Date,
): Promise<string> {
  const token = randomToken(32);
  await issueToken(db, 'oauth_failure', {
    project,
    tokenHash: sha256Hex(token),
    userId: null,
    data: { error_type: failure.error_type, error_message: failure.error_message.slice(0, 500) },
    expiresAt: addMinutes(now, FAILURE_MINUTES),
    now,
  });
  return token;
}

/** The failure a landing token stands for, used once; null for any other token. */
export async function consumeOAuthFailure(
  db: Queryable,
  { projectId, token, now }: { projectId: string; token: string; now: Date },
): Promise<OAuthFailure | null> {
  const used = await takeToken(db, 'oauth_failure', { projectId, tokenHash: sha256Hex(token), now });
  return used?.data ?? null;
}
