import type { AuthenticationFactor } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import { deliver, otpEmail, otpText } from '../delivery';
import { ApiFailure } from '../http/ApiFailure';
import type { Services } from '../http/deps';
import { sdkRoute, type Route } from '../http/route';
import {
  DEFAULT_SESSION_MINUTES,
  issueSession,
  requestAttributes,
  sessionDurationMinutes,
} from '../sessions';
import { issueOtp, OTP_EXPIRATION_MINUTES, OTP_LENGTH, verifyOtp, type OtpChannel } from './otpCodes';
import {
  activateUser,
  findEmailById,
  findOrCreateUserByEmail,
  findOrCreateUserByPhone,
  findPhoneById,
  isE164,
  isValidEmail,
  markEmailVerified,
  markPhoneVerified,
  normalizeEmail,
} from '../users';
import { defaulted, integer, object, optional, string } from '../validate';

const expirationMinutes = () =>
  defaulted(
    integer(OTP_EXPIRATION_MINUTES.min, OTP_EXPIRATION_MINUTES.max),
    () => OTP_EXPIRATION_MINUTES.default,
  );

const emailBody = object({
  email: string({ min: 1, max: 320 }),
  expiration_minutes: expirationMinutes(),
  locale: optional(string({ max: 35 })),
  login_template_id: optional(string({ max: 256 })),
  signup_template_id: optional(string({ max: 256 })),
});

const phoneBody = object({
  phone_number: string({ min: 1, max: 32 }),
  expiration_minutes: expirationMinutes(),
  locale: optional(string({ max: 35 })),
});

const authenticateBody = object({
  token: string({ min: 1, max: 64 }),
  method_id: string({ min: 1, max: 256 }),
  session_duration_minutes: defaulted(sessionDurationMinutes(), () => DEFAULT_SESSION_MINUTES),
});

/** Stores a fresh code for the method (replacing the previous one) and sends it. */
async function sendCode(
  services: Services,
  project: ProjectConfig,
  target: { userId: string; methodId: string; channel: OtpChannel; to: string; minutes: number },
): Promise<{ method_id: string }> {
  const code = await issueOtp(services.db, {
    project,
    userId: target.userId,
    methodId: target.methodId,
    channel: target.channel,
    expirationMinutes: target.minutes,
    now: new Date(),
  });
  const content = { projectName: project.name, code, minutes: target.minutes };
  await deliver(services, project, {
    channel: target.channel,
    to: target.to,
    ...(target.channel === 'email' ? otpEmail(content) : otpText(content)),
    metadata: { code },
  });
  return { method_id: target.methodId };
}

const phoneRoute = (channel: 'sms' | 'whatsapp') =>
  sdkRoute(`POST /otps/${channel}/login_or_create`, phoneBody, async ({ body, project, services }) => {
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

/** The factor an OTP proved, and the identifier it verified. */
async function provenFactor(
  services: Services,
  projectId: string,
  methodId: string,
  channel: OtpChannel,
): Promise<Omit<AuthenticationFactor, 'last_authenticated_at'> | null> {
  if (channel === 'email') {
    const email = await findEmailById(services.db, projectId, methodId);
    if (!email) return null;
    await markEmailVerified(services.db, email.email_id);
    return {
      type: 'otp',
      delivery_method: 'email',
      email_factor: { email_id: email.email_id, email_address: email.email },
    };
  }
  const phone = await findPhoneById(services.db, projectId, methodId);
  if (!phone) return null;
  await markPhoneVerified(services.db, phone.phone_id);
  return {
    type: 'otp',
    delivery_method: channel,
    phone_number_factor: { phone_id: phone.phone_id, phone_number: phone.phone_number },
  };
}

const CODE_FORMAT = new RegExp(`^[0-9]{${OTP_LENGTH}}$`);

export const otpRoutes: Route[] = [
  sdkRoute('POST /otps/email/login_or_create', emailBody, async ({ body, project, services }) => {
    const email = normalizeEmail(body.email);
    if (!isValidEmail(email)) throw new ApiFailure('invalid_email', 400, 'The email address is not valid.');
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

  sdkRoute(
    'POST /otps/authenticate',
    authenticateBody,
    async ({ c, body, project, services, sessionToken }) => {
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
      if (!check.ok && check.reason === 'locked') {
        throw new ApiFailure(
          'user_lock_limit_reached',
          429,
          'Too many wrong passcodes: try again in 10 minutes.',
        );
      }
      const factor = check.ok
        ? await provenFactor(services, project.project_id, body.method_id, check.channel)
        : null;
      if (!check.ok || !factor) {
        throw new ApiFailure(
          'otp_code_not_found',
          404,
          'The passcode is wrong, expired, or was already used.',
        );
      }
      await activateUser(services.db, check.userId);
      const auth = await issueSession({
        db: services.db,
        project,
        authOrigin: services.authOrigin,
        userId: check.userId,
        factor,
        durationMinutes: body.session_duration_minutes,
        existingSessionToken: sessionToken,
        attributes: requestAttributes(c),
        now,
      });
      return { ...auth, method_id: body.method_id };
    },
  ),
];
