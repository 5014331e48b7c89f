import { randomToken, sha256Hex } from '../crypto/hash';
import type { Queryable } from '../db/Db';
import { addMinutes } from '../sessions';
import { issueToken, takeToken } from '../tokens/oneTimeTokens';
import type { TokenData } from '../tokens/tokenKinds';
import type { ProjectRef } from '../users/project';

/** RFC 6749 section 4.1.2 recommends at most 10 minutes. */
export const AUTHORIZATION_CODE_MINUTES = 10;

/**
 * What a code was issued for; the token endpoint checks every field against its request.
 * `auth_time`: when the user authenticated (seconds), the ID token's `auth_time`.
 */
export type CodeGrant = TokenData<'idp_authorization_code'>;

/** A single-use code; only its SHA-256 is stored. */
export async function issueAuthorizationCode(
  db: Queryable,
  input: { project: ProjectRef; userId: string; grant: CodeGrant; now: Date },
): Promise<string> {
  const code = randomToken();
  await issueToken(db, 'idp_authorization_code', {
    project: input.project,
    tokenHash: sha256Hex(code),
    userId: input.userId,
    data: input.grant,
    expiresAt: addMinutes(input.now, AUTHORIZATION_CODE_MINUTES),
    now: input.now,
  });
  return code;
}

/** Consumes the code (once: a replay finds nothing); null when unknown, used or expired. */
export async function redeemAuthorizationCode(
  db: Queryable,
  { projectId, code, now }: { projectId: string; code: string; now: Date },
): Promise<{ userId: string; grant: CodeGrant } | null> {
  const used = await takeToken(
    db,
    'idp_authorization_code',
    { projectId, tokenHash: sha256Hex(code), now },
    (t) => t.userId !== null,
  );
  return used?.userId ? { userId: used.userId, grant: used.data } : null;
}
