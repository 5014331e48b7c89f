import { AuthError } from '../errors/AuthError';

/** E.164: `+`, then 8 to 15 digits, the first one 1-9 (country codes never start with 0). */
const E164 = /^\+[1-9][0-9]{7,14}$/;

export const isE164 = (phone: string): boolean => E164.test(phone);

/** The number trimmed, or 400 `invalid_phone_number` when it is not E.164. */
export function requirePhoneNumber(raw: string): string {
  const phone = raw.trim();
  if (!isE164(phone)) {
    throw new AuthError(
      'invalid_phone_number',
      'The phone number is not in E.164 format, e.g. +15555550100.',
    );
  }
  return phone;
}
