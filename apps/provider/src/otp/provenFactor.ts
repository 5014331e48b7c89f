import type { AuthenticationFactor } from '@latch/api';
import type { Queryable } from '../db/Db';
import { findEmailById, findPhoneById, markEmailVerified, markPhoneVerified } from '../users';
import type { OtpChannel } from './otpCodes';

/** The factor an OTP proved, and the identifier it verified. */
export async function provenFactor(
  db: Queryable,
  projectId: string,
  methodId: string,
  channel: OtpChannel,
): Promise<Omit<AuthenticationFactor, 'last_authenticated_at'> | null> {
  if (channel === 'email') {
    const email = await findEmailById(db, projectId, methodId);
    if (!email) return null;
    await markEmailVerified(db, email.email_id);
    return {
      type: 'otp',
      delivery_method: 'email',
      email_factor: { email_id: email.email_id, email_address: email.email },
    };
  }
  const phone = await findPhoneById(db, projectId, methodId);
  if (!phone) return null;
  await markPhoneVerified(db, phone.phone_id);
  return {
    type: 'otp',
    delivery_method: channel,
    phone_number_factor: { phone_id: phone.phone_id, phone_number: phone.phone_number },
  };
}
