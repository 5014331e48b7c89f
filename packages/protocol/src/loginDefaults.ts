/** Defaults for options a login config leaves out (docs/embed.md, login configuration). */
export const DEFAULTS = {
  otpExpirationMinutes: 5,
  magicLinkExpirationMinutes: 30,
  sessionDurationMinutes: 30,
  passcodeLength: 6,
} as const;
