import { AuthError } from '../errors/AuthError';
import { backendRoute } from '../http/backendRoute';
import type { Route } from '../http/route';
import { findNamedSession, finishBackendAuthentication } from '../sessions/finishBackendAuthentication';
import {
  findEmail,
  findOrCreateUserByEmail,
  findOrCreateUserByPhone,
  findPhone,
  requireEmail,
  requirePhoneNumber,
} from '../users';
import { proveOtp } from './proveOtp';
import { sendCode } from './sendCode';

/**
 * The backend API for passcodes (project secret): send a code by email or SMS to a new or known
 * user (`login_or_create`) or to a known one only (`send`), and check one. Sends spend the same
 * destination and project budgets as the browser's.
 */
export const otpBackendRoutes: Route[] = [
  backendRoute(
    'POST /v1/otps/email/login_or_create',
    async ({ body, project, services }) => {
      const email = requireEmail(body.email);
      const user = await findOrCreateUserByEmail(services.db, project, email);
      const sent = { userId: user.user_id, methodId: user.method_id, to: email };
      await sendCode(services, project, { ...sent, channel: 'email', minutes: body.expiration_minutes });
      return { user_id: user.user_id, email_id: user.method_id, user_created: user.created };
    },
    { limitsAs: '/otps/email/login_or_create' },
  ),

  backendRoute(
    'POST /v1/otps/email/send',
    async ({ body, project, services }) => {
      const email = requireEmail(body.email);
      const found = await findEmail(services.db, project.project_id, email);
      if (!found) throw new AuthError('email_not_found', 'No user has this email address.');
      const sent = { userId: found.user_id, methodId: found.email_id, to: email };
      await sendCode(services, project, { ...sent, channel: 'email', minutes: body.expiration_minutes });
      return { user_id: found.user_id, email_id: found.email_id };
    },
    { limitsAs: '/otps/email/login_or_create' },
  ),

  backendRoute(
    'POST /v1/otps/sms/login_or_create',
    async ({ body, project, services }) => {
      const phone = requirePhoneNumber(body.phone_number);
      const user = await findOrCreateUserByPhone(services.db, project, phone);
      const sent = { userId: user.user_id, methodId: user.method_id, to: phone };
      await sendCode(services, project, { ...sent, channel: 'sms', minutes: body.expiration_minutes });
      return { user_id: user.user_id, phone_id: user.method_id, user_created: user.created };
    },
    { limitsAs: '/otps/sms/login_or_create' },
  ),

  backendRoute(
    'POST /v1/otps/sms/send',
    async ({ body, project, services }) => {
      const phone = requirePhoneNumber(body.phone_number);
      const found = await findPhone(services.db, project.project_id, phone);
      if (!found) throw new AuthError('phone_number_not_found', 'No user has this phone number.');
      const sent = { userId: found.user_id, methodId: found.phone_id, to: phone };
      await sendCode(services, project, { ...sent, channel: 'sms', minutes: body.expiration_minutes });
      return { user_id: found.user_id, phone_id: found.phone_id };
    },
    { limitsAs: '/otps/sms/login_or_create' },
  ),

  backendRoute('POST /v1/otps/authenticate', async (input) => {
    const { body, project, services } = input;
    const now = new Date();
    const named = await findNamedSession(services, project, body, now);
    const { claimed, ...proof } = await proveOtp(services.db, project, {
      methodId: body.method_id,
      code: body.code,
      requestSession: { sessionId: named?.session_id },
      now,
    });
    const auth = await finishBackendAuthentication(input, { ...proof, now }, body);
    return { ...auth, method_id: body.method_id, reset_sessions: claimed };
  }),
];
