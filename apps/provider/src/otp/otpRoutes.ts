import { ApiFailure } from '../http/ApiFailure';
import { sdkRoute, type Route } from '../http/route';
import { finishAuthentication } from '../sessions/finishAuthentication';
import { findOrCreateUserByEmail, findOrCreateUserByPhone, isE164, requireEmail } from '../users';
import { OTP_LENGTH, verifyOtp } from './otpCodes';
import { provenFactor } from './provenFactor';
import { sendCode } from './sendCode';

const phoneRoute = (channel: 'sms' | 'whatsapp') =>
  sdkRoute(`POST /otps/${channel}/login_or_create`, async ({ body, project, services }) => {
    const phone = body.phone_number.trim();
    if (!isE164(phone)) {
      throw new ApiFailure(
        'invalid_phone_number',
        400,
        'The phone number is not in E.164 format, e.g. +15555550100.',
      );
    }
    const user = await findOrCreateUserByPhone(services.db, project, phone);
    return sendCode(services, project, {
      userId: user.user_id,
      methodId: user.method_id,
      channel,
      to: phone,
      minutes: body.expiration_minutes,
    });
  });

const CODE_FORMAT = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

export const otpRoutes: Route[] = [
  sdkRoute('POST /otps/email/login_or_create', async ({ body, project, services }) => {
    const email = requireEmail(body.email);
    const user = await findOrCreateUserByEmail(services.db, project, email);
    return sendCode(services, project, {
      userId: user.user_id,
      methodId: user.method_id,
      channel: 'email',
      to: email,
      minutes: body.expiration_minutes,
    });
  }),
  phoneRoute('sms'),
  phoneRoute('whatsapp'),

  sdkRoute('POST /otps/authenticate', async (input) => {
    const { body, project, services } = input;
    if (!CODE_FORMAT.test(body.token)) {
      throw new ApiFailure('invalid_code', 400, `The passcode must be ${OTP_LENGTH} digits.`);
    }
    const now = new Date();
    const check = await verifyOtp(services.db, {
      project,
      methodId: body.method_id,
      code: body.token,
      now,
    });
    const factor = check.ok
      ? await provenFactor(services.db, {
          projectId: project.project_id,
          methodId: body.method_id,
          channel: check.channel,
          userId: check.userId,
        })
      : null;
    if (!check.ok || !factor) {
      throw new ApiFailure('otp_code_not_found', 404, 'The passcode is wrong, expired, or was already used.');
    }
    const auth = await finishAuthentication(input, {
      userId: check.userId,
      factor,
      durationMinutes: body.session_duration_minutes,
      now,
    });
    return { ...auth, method_id: body.method_id };
  }),
];
