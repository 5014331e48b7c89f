import { randomInt } from 'node:crypto';
import { constantTimeEqual, sha256Hex } from '../crypto/hash';
import { newId } from '../crypto/ids';
import type { Db, Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';
import { addMinutes } from '../sessions/duration';
import { consumeToken, insertOneTimeToken } from '../tokens/oneTimeTokens';

export type OtpChannel = 'email' | 'sms' | 'whatsapp';

/** A passcode is 6 digits; its lifetime is the request's `expiration_minutes`. */
export const OTP_LENGTH = 6;
/** Failed attempts per method (email_id / phone_id) within a sliding 10 minutes before it locks. */
export const OTP_MAX_FAILED_ATTEMPTS = 5;
/** How long a method stays locked after its last allowed failure; every code of it is refused meanwhile. */
export const OTP_LOCK_MINUTES = 10;

const OTP_KIND = 'otp';
const GUARD_KIND = 'otp_guard';

// Hashes are salted with the row id: six digits repeat across users, hashes must not collide.
const codeHash = (tokenId: string, code: string): string => sha256Hex(`${tokenId}:${code}`);
const guardHash = (projectId: string, methodId: string): string =>
  sha256Hex(`${GUARD_KIND}:${projectId}:${methodId}`);

/** A uniform 6-digit code (crypto.randomInt has no modulo bias). */
export const generateOtpCode = (): string => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/** Issues a code for the method, replacing (invalidating) its previous unused code. Answers the code. */
export async function issueOtp(
  db: Db,
  input: {
    project: ProjectRef;
    userId: string;
    methodId: string;
    channel: OtpChannel;
    expirationMinutes: number;
    now: Date;
  },
): Promise<string> {
  const code = generateOtpCode();
  const tokenId = newId('otp', input.project.test);
  await db.transaction(async (tx) => {
    await tx.query(
      `UPDATE one_time_tokens SET used_at = $3
       WHERE project_id = $1 AND kind = '${OTP_KIND}' AND data->>'method_id' = $2 AND used_at IS NULL`,
      [input.project.project_id, input.methodId, input.now],
    );
    await insertOneTimeToken(tx, {
      project: input.project,
      kind: OTP_KIND,
      tokenId,
      tokenHash: codeHash(tokenId, code),
      userId: input.userId,
      data: { method_id: input.methodId, channel: input.channel },
      expiresAt: addMinutes(input.now, input.expirationMinutes),
      now: input.now,
    });
  });
  return code;
}

export type OtpCheck =
  { ok: true; userId: string; channel: OtpChannel } | { ok: false; reason: 'wrong' | 'locked' };

/**
 * Counts the attempt first (so concurrent guesses cannot slip past the limit), then compares the
 * code with the method's active one in constant time. Attempt 1..5 may succeed; the 5th failure
 * invalidates the active code and locks the method for 10 minutes; later attempts answer `locked`.
 */
export async function verifyOtp(
  db: Db,
  { project, methodId, code, now }: { project: ProjectRef; methodId: string; code: string; now: Date },
): Promise<OtpCheck> {
  const attempts = await countAttempt(db, project, methodId, now);
  if (attempts > OTP_MAX_FAILED_ATTEMPTS) return { ok: false, reason: 'locked' };
  const [active] = await db.query<{
    token_id: string;
    token_hash: string;
    user_id: string;
    data: { channel: OtpChannel };
  }>(
    `SELECT token_id, token_hash, user_id, data FROM one_time_tokens
     WHERE project_id = $1 AND kind = '${OTP_KIND}' AND data->>'method_id' = $2 AND used_at IS NULL AND expires_at > $3
     ORDER BY created_at DESC LIMIT 1`,
    [project.project_id, methodId, now],
  );
  if (active && constantTimeEqual(codeHash(active.token_id, code), active.token_hash)) {
    const consumed = await consumeToken(db, active.token_id, now);
    if (consumed?.user_id) {
      await db.query(`DELETE FROM one_time_tokens WHERE kind = '${GUARD_KIND}' AND token_hash = $1`, [
        guardHash(project.project_id, methodId),
      ]);
      return { ok: true, userId: consumed.user_id, channel: active.data.channel };
    }
  }
  if (attempts === OTP_MAX_FAILED_ATTEMPTS && active) await consumeToken(db, active.token_id, now);
  return { ok: false, reason: 'wrong' };
}

/** One more attempt on the method's guard row; a quiet 10 minutes resets the count. Answers the count. */
async function countAttempt(
  db: Queryable,
  project: ProjectRef,
  methodId: string,
  now: Date,
): Promise<number> {
  const windowEnd = addMinutes(now, OTP_LOCK_MINUTES);
  const [row] = await db.query<{ attempts: number }>(
    `INSERT INTO one_time_tokens (token_id, project_id, kind, token_hash, data, attempts, created_at, expires_at)
     VALUES ($1, $2, '${GUARD_KIND}', $3, $4, 1, $5, $6)
     ON CONFLICT (kind, token_hash) DO UPDATE SET
       attempts = CASE WHEN one_time_tokens.expires_at <= $5 THEN 1 ELSE one_time_tokens.attempts + 1 END,
       expires_at = CASE
         WHEN one_time_tokens.expires_at <= $5 OR one_time_tokens.attempts < ${OTP_MAX_FAILED_ATTEMPTS} THEN $6
         ELSE one_time_tokens.expires_at END
     RETURNING attempts`,
    [
      newId('otp-guard', project.test),
      project.project_id,
      guardHash(project.project_id, methodId),
      JSON.stringify({ method_id: methodId }),
      now,
      windowEnd,
    ],
  );
  return row?.attempts ?? 1;
}
