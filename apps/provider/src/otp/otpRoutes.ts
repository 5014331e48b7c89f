import { sdkRoute, type Route } from '../http/route';
import { finishAuthentication } from '../sessions/finishAuthentication';
import { findOrCreateUserByEmail, findOrCreateUserByPhone, requireEmail, requirePhoneNumber } from '../users';
import { proveOtp } from './proveOtp';
import { sendCode } from './sendCode';

const phoneRoute = (channel: 'sms' | 'whatsapp') =>
  sdkRoute(`POST /otps/${channel}/login_or_create`, async ({ body, project, services }) => {
    const phone = requirePhoneNumber(body.phone_number);
    const user = await findOrCreateUserByPhone(services.db, project, phone);
    return sendCode(services, project, {
      userId: user.user_id,
      methodId: user.method_id,
      channel,
      to: phone,
      minutes: body.expiration_minutes,
    });
  });

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
    const { body, project, services, sessionToken } = input;
    const now = new Date();
    const { userId, factor } = await proveOtp(services.db, project, {
      methodId: body.method_id,
      code: body.token,
      requestSession: { sessionToken },
      now,
    });
    const auth = await finishAuthentication(input, {
      userId,
      factor,
      durationMinutes: body.session_duration_minutes,
      now,
    });
    return { ...auth, method_id: body.method_id };
  }),
];
