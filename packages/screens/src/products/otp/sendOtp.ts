import type { ApiClient } from '@latch/api';
import { DEFAULTS, type LoginConfig, type OtpMethod } from '@latch/protocol';
import { compact } from '../compact';

export type OtpTarget = { type: 'email'; email: string } | { type: 'sms' | 'whatsapp'; phoneNumber: string };

/** Starts a passcode by email, text message or WhatsApp with the host's `otpOptions`. */
export function sendOtp(
  api: ApiClient,
  target: OtpTarget,
  config: LoginConfig,
): Promise<{ method_id: string }> {
  const o = config.otpOptions;
  const expiration_minutes = o?.expirationMinutes ?? DEFAULTS.otpExpirationMinutes;
  const locale = compact({ locale: o?.locale });
  if (target.type === 'email') {
    return api.call('POST /otps/email/login_or_create', {
      email: target.email,
      expiration_minutes,
      ...locale,
      ...compact({ login_template_id: o?.loginTemplateId, signup_template_id: o?.signupTemplateId }),
    });
  }
  const body = { phone_number: target.phoneNumber, expiration_minutes, ...locale };
  return target.type === 'sms'
    ? api.call('POST /otps/sms/login_or_create', body)
    : api.call('POST /otps/whatsapp/login_or_create', body);
}

export function otpTargetFor(type: OtpMethod, destination: string): OtpTarget {
  return type === 'email' ? { type, email: destination } : { type, phoneNumber: destination };
}
