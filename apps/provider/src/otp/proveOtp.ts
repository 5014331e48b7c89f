import type { AuthenticationFactor } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import type { Db } from '../db/Db';
import { AuthError } from '../errors/AuthError';
import type { RequestSession } from '../users';
import { OTP_LENGTH, verifyOtp } from './otpCodes';
import { provenFactor } from './provenFactor';

const CODE_FORMAT = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

/** What a right passcode proves: whose account, by which factor, and whether it claimed it. */
export interface OtpProof {
  userId: string;
  factor: Omit<AuthenticationFactor, 'last_authenticated_at'>;
  claimed: boolean;
}

/**
 * `POST /otps/authenticate` up to the session (browser and backend alike): the code of the method
 * is checked once (a wrong one spends a guess), the identifier it went to proved. A code
 * that is not 6 digits is 400 `invalid_code`; wrong, expired or used is 404 `otp_code_not_found`.
 */
export async function proveOtp(
  db: Db,
  project: ProjectConfig,
  {
    methodId,
    code,
    requestSession,
    now,
  }: { methodId: string; code: string; requestSession: RequestSession; now: Date },
): Promise<OtpProof> {
  if (!CODE_FORMAT.test(code)) {
    throw new AuthError('invalid_code', `The passcode must be ${OTP_LENGTH} digits.`);
  }
  const check = await verifyOtp(db, { project, methodId, code, now });
  const proven = check.ok
    ? await provenFactor(db, {
        project,
        methodId,
        channel: check.channel,
        userId: check.userId,
        requestSession,
        now,
      })
    : null;
  if (!check.ok || !proven) {
    throw new AuthError('otp_code_not_found', 'The passcode is wrong, expired, or was already used.');
  }
  return { userId: check.userId, ...proven };
}
