/** E.164: `+`, then 8 to 15 digits, the first one 1-9 (country codes never start with 0). */
const E164 = /^\+[1-9][0-9]{7,14}$/;

export const isE164 = (phone: string): boolean => E164.test(phone);
