import { ERROR_TYPES, type ErrorType } from '@latch/api';
import { randomToken, sha256Hex } from '../crypto/hash';
import type { Queryable } from '../db/Db';
import { addMinutes } from '../sessions/duration';
import { consumeToken, findActiveToken, insertOneTimeToken } from '../tokens/oneTimeTokens';
import type { ProjectRef } from '../users/project';

const FAILURE_MINUTES = 10;

export interface OAuthFailure {
  error_type: ErrorType;
  error_message: string;
}

const isFailure = (data: Record<string, unknown>): data is Record<string, unknown> & OAuthFailure =>
  (ERROR_TYPES as readonly unknown[]).includes(data['error_type']) &&
  typeof data['error_message'] === 'string';

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
  await insertOneTimeToken(db, {
    project,
    kind: 'oauth_failure',
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
  const row = await findActiveToken(db, {
    projectId,
    kind: 'oauth_failure',
    tokenHash: sha256Hex(token),
    now,
  });
  if (!row || !isFailure(row.data)) return null;
  const used = await consumeToken(db, row.token_id, now);
  return used && isFailure(used.data)
    ? { error_type: used.data.error_type, error_message: used.data.error_message }
    : null;
}
