import type { Queryable } from '../db/Db';
import { findResetToken, useResetToken } from './resetTokens';

/**
 * Uses a reset token once to log in (`POST /magic_links/authenticate` accepts one, as Stytch does),
 * so it can no longer reset the password. Null when it is unknown, used, expired, or its PKCE
 * challenge is not met; a PKCE mismatch does not burn it.
 */
export async function consumeResetToken(
  db: Queryable,
  input: { projectId: string; token: string; codeVerifier?: string | undefined; now: Date },
): Promise<{ userId: string; emailId: string } | null> {
  const ref = await findResetToken(db, input);
  if (!ref || !(await useResetToken(db, ref.tokenId, input.now))) return null;
  return { userId: ref.userId, emailId: ref.emailId };
}
