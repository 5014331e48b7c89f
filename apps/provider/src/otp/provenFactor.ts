import type { AuthenticationFactor } from '@latch/api';
import type { Queryable } from '../db/Db';
import { proveEmail, provePhone } from '../users';
import type { OtpChannel } from './otpCodes';

/**
 * The factor an OTP proved. The identifier it was sent to is marked verified and the user, if
 * pending, activated (one statement); null when the method names no identifier of the project.
 */
export async function provenFactor(
  db: Queryable,
  {
    projectId,
    methodId,
    channel,
    userId,
  }: { projectId: string; methodId: string; channel: OtpChannel; userId: string },
): Promise<Omit<AuthenticationFactor, 'last_authenticated_at'> | null> {
  if (channel === 'email') {
    const email = await proveEmail(db, projectId, methodId, userId);
    if (!email) return null;
    return {
      type: 'otp',
      delivery_method: 'email',
      email_factor: { email_id: email.email_id, email_address: email.email },
    };
  }
  const phone = await provePhone(db, projectId, methodId, userId);
  if (!phone) return null;
  return {
    type: 'otp',
    delivery_method: channel,
    phone_number_factor: { phone_id: phone.phone_id, phone_number: phone.phone_number },
  };
}
