import { randomInt } from 'node:crypto';
import { constantTimeEqual, sha256Hex } from '../crypto/hash';
import { newId } from '../crypto/ids';
import type { Queryable } from '../db/Db';
import type { ProjectRef } from '../users/project';
import { addMinutes } from '../sessions/duration';
import { consumeToken, issueToken, tokenOf, TOKEN_COLUMNS, type TokenRow } from '../tokens/oneTimeTokens';
import type { TokenData } from '../tokens/tokenKinds';

export type OtpChannel = TokenData<'otp'>['channel'];

/** A passcode is 6 digits; its lifetime is the request's `expiration_minutes`. */
export const OTP_LENGTH = 6;
/** Guesses each code allows; the guess that uses the last one burns the code if it is wrong. */
export const OTP_MAX_ATTEMPTS = 5;

// Hashes are salted with the row id: six digits repeat across users, hashes must not collide.
// SHA-256, not a slow KDF like the passwords' scrypt: a leaked hash of a 6-digit code falls to
// 10^6 tries whatever the cost per try (scrypt would only make each sign-in slower), so what keeps
// a code safe is that it lives minutes, is single-use and allows OTP_MAX_ATTEMPTS guesses.
const codeHash = (tokenId: string, code: string): string => sha256Hex(`${tokenId}:${code}`);

/** A uniform 6-digit code (crypto.randomInt has no modulo bias). */
export const generateOtpCode = (): string => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

/** Issues a code for the method, replacing (invalidating) its previous unused code. Answers the code. */
export async function issueOtp(
  db: Queryable,
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
  await issueToken(db, 'otp', {
    project: input.project,
    tokenId,
    tokenHash: codeHash(tokenId, code),
    userId: input.userId,
    data: { method_id: input.methodId, channel: input.channel },
    expiresAt: addMinutes(input.now, input.expirationMinutes),
    now: input.now,
  });
  return code;
}

export type OtpCheck = { ok: true; userId: string; channel: OtpChannel } | { ok: false };

/**
 * Each code allows `OTP_MAX_ATTEMPTS` guesses, counted on the code's own row before the comparison
 * (one conditional update, so concurrent guesses cannot slip past the count); a wrong guess that
 * uses the last attempt burns the code. So a stranger who knows the address burns at most the
 * current code: the owner asks for a fresh one and signs in; nothing locks the owner out. Of
 * concurrent right guesses exactly one consumes the code. Guessing is also throttled per client.
 */
export async function verifyOtp(
  db: Queryable,
  { project, methodId, code, now }: { project: ProjectRef; methodId: string; code: string; now: Date },
): Promise<OtpCheck> {
  const [row] = await db.query<TokenRow & { token_hash: string; attempts: number }>(
    `UPDATE one_time_tokens SET attempts = attempts + 1
     WHERE token_id = (
         SELECT token_id FROM one_time_tokens
         WHERE project_id = $1 AND kind = 'otp' AND data->>'method_id' = $2
           AND used_at IS NULL AND expires_at > $3
         ORDER BY created_at DESC LIMIT 1)
       AND used_at IS NULL AND expires_at > $3 AND attempts < ${OTP_MAX_ATTEMPTS}
     RETURNING ${TOKEN_COLUMNS}, token_hash, attempts`,
    [project.project_id, methodId, now],
  );
  const active = tokenOf('otp', row);
  if (!row || !active) return { ok: false };
  if (constantTimeEqual(codeHash(active.tokenId, code), row.token_hash)) {
    const consumed = await consumeToken(db, 'otp', active.tokenId, now);
    return consumed?.userId
      ? { ok: true, userId: consumed.userId, channel: consumed.data.channel }
      : { ok: false };
  }
  if (row.attempts >= OTP_MAX_ATTEMPTS) await consumeToken(db, 'otp', active.tokenId, now);
  return { ok: false };
}
