import * as v from 'valibot';
import { integer, jsonObject } from './fields';
import { backendSessionFields, signInSessionDuration } from './sessions';
import { text } from './text';

/** A passcode lives 5 minutes unless the request says otherwise; the hosted API accepts 1 to 10. */
export const OTP_EXPIRATION_MINUTES = { default: 5, min: 1, max: 10 } as const;

const expirationMinutes = v.exactOptional(
  integer(OTP_EXPIRATION_MINUTES.min, OTP_EXPIRATION_MINUTES.max),
  OTP_EXPIRATION_MINUTES.default,
);

export const otpEmailLoginOrCreateBody = jsonObject({
  email: text({ min: 1, max: 320 }),
  expiration_minutes: expirationMinutes,
  locale: v.exactOptional(text({ max: 35 })),
  login_template_id: v.exactOptional(text({ max: 256 })),
  signup_template_id: v.exactOptional(text({ max: 256 })),
});

/** SMS and WhatsApp. */
export const otpPhoneLoginOrCreateBody = jsonObject({
  phone_number: text({ min: 1, max: 32 }),
  expiration_minutes: expirationMinutes,
  locale: v.exactOptional(text({ max: 35 })),
});

export const otpAuthenticateBody = jsonObject({
  token: text({ min: 1, max: 64 }),
  method_id: text({ min: 1, max: 256 }),
  session_duration_minutes: signInSessionDuration(),
});

/** `POST /v1/otps/authenticate` (backend API): Stytch's backend names the passcode `code`. */
export const backendOtpAuthenticateBody = jsonObject({
  method_id: text({ min: 1, max: 256 }),
  code: text({ min: 1, max: 64 }),
  ...backendSessionFields,
});
