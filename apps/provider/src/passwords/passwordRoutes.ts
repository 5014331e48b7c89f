import { RESET_EXPIRATION_MINUTES } from '@latch/api';
import { sdkRoute, type Route } from '../http/route';
import { checkStrength } from '.';
import { absorbAutoReset } from './resetTokens';
import { checkPasswordLogin } from './checkPasswordLogin';
import { createPasswordUser } from './createPasswordUser';
import { loadPasswordRecord } from './passwordRecord';
import { requireStorablePassword } from './requireStrongPassword';
import { resetRedirects } from './resetRedirects';
import { resetWithToken } from './resetWithToken';
import { sendPasswordReset } from './startPasswordReset';
import { finishAuthentication } from '../sessions/finishAuthentication';
import { findEmail, requireEmail } from '../users';
import { AuthError } from '../errors/AuthError';
const PASSWORD_FACTOR = { type: 'password', delivery_method: 'knowledge' } as const;

/** Users search, strength check, password sign-up and log-in, and reset by email. */
export const passwordRoutes: Route[] = [
  sdkRoute('POST /users/search', async ({ body, project, services }) => {
    const found = await findEmail(services.db, project.project_id, requireEmail(body.email));
    if (!found) return { userType: 'new' };
    const record = await loadPasswordRecord(services.db, found.user_id);
    return { userType: record?.password_hash ? 'password' : 'passwordless' };
  }),

  sdkRoute('POST /passwords/strength_check', async ({ body, project }) =>
    checkStrength({ password: body.password, email: body.email, policy: project.password_policy }),
  ),

  sdkRoute('POST /passwords', async (input) => {
    const { body, project, services } = input;
    const created = await createPasswordUser(services, project, {
      email: requireEmail(body.email),
      password: body.password,
    });
    const auth = await finishAuthentication(input, {
      userId: created.user_id,
      factor: PASSWORD_FACTOR,
      durationMinutes: body.session_duration_minutes,
    });
    return { ...auth, email_id: created.email_id ?? '' };
  }),

  sdkRoute('POST /passwords/authenticate', async (input) => {
    const { body, project, services } = input;
    requireStorablePassword(body.password);
    const now = new Date();
    const found = await checkPasswordLogin(services, project, {
      email: requireEmail(body.email),
      password: body.password,
      now,
    });
    return finishAuthentication(input, {
      userId: found.user_id,
      factor: PASSWORD_FACTOR,
      durationMinutes: body.session_duration_minutes,
      ownerEpoch: found.ownerEpoch,
      now,
    });
  }),

  sdkRoute('POST /passwords/email/reset/start', async ({ body, project, services }) => {
    const address = requireEmail(body.email);
    // Redirect URLs first: an unlisted page is refused whoever the email belongs to.
    const redirects = resetRedirects(project, body);
    const found = await findEmail(services.db, project.project_id, address);
    if (!found) throw new AuthError('email_not_found', 'No user has this email address.');
    const now = new Date();
    if (await absorbAutoReset(services.db, { projectId: project.project_id, userId: found.user_id, now })) {
      return {};
    }
    await sendPasswordReset(services, project, {
      email: found,
      redirects,
      expirationMinutes: body.reset_password_expiration_minutes ?? RESET_EXPIRATION_MINUTES.default,
      codeChallenge: body.code_challenge,
      now,
    });
    return {};
  }),

  sdkRoute('POST /passwords/email/reset', async (input) => {
    const { body, project, services } = input;
    const now = new Date();
    const owner = await resetWithToken(services.db, project, {
      token: body.token,
      password: body.password,
      codeVerifier: body.code_verifier,
      requestSession: { sessionToken: input.sessionToken },
      now,
    });
    // The link proved the inbox, as a magic link does; the password itself is brand new.
    return finishAuthentication(input, {
      userId: owner.user_id,
      factor: {
        type: 'magic_link',
        delivery_method: 'email',
        email_factor: { email_id: owner.email_id, email_address: owner.email },
      },
      durationMinutes: body.session_duration_minutes,
      now,
    });
  }),
];
