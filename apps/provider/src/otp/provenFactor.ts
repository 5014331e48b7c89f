import type { AuthenticationFactor } from '@latch/api';
import type { Db } from '../db/Db';
import { proveAddress, type ProjectRef, type RequestSession } from '../users';
import type { OtpChannel } from './otpCodes';

/** The factor a passcode proved, and whether that made its prover the account's owner. */
export interface ProvenFactor {
  factor: Omit<AuthenticationFactor, 'last_authenticated_at'>;
  claimed: boolean;
}

/**
 * The factor an OTP proved. The identifier it was sent to is proved (`proveAddress`: marked
 * verified, the user activated, the account claimed by a first proof); null when the method names
 * no identifier of the user.
 */
export async function provenFactor(
  db: Db,
  {
    project,
    methodId,
    channel,
    userId,
    requestSession,
    now,
  }: {
    project: ProjectRef;
    methodId: string;
    channel: OtpChannel;
    userId: string;
    requestSession: RequestSession;
    now: Date;
  },
): Promise<ProvenFactor | null> {
  const address = channel === 'email' ? { emailId: methodId } : { phoneId: methodId };
  const proven = await proveAddress(db, { project, userId, address, requestSession, now });
  if (!proven) return null;
  const { id, value, claimed } = proven;
  return channel === 'email'
    ? {
        factor: {
          type: 'otp',
          delivery_method: 'email',
          email_factor: { email_id: id, email_address: value },
        },
        claimed,
      }
    : {
        factor: {
          type: 'otp',
          delivery_method: channel,
          phone_number_factor: { phone_id: id, phone_number: value },
        },
        claimed,
      };
}
