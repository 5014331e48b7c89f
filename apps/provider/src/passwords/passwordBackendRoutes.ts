import { backendRoute } from '../http/backendRoute';
import type { Route } from '../http/route';
import { authenticateSessionJwt, authenticateSessionToken } from '../sessions';
import { updateSessionClaims } from '../sessions/customClaims';
import { findNamedSession, finishBackendAuthentication } from '../sessions/finishBackendAuthentication';
import { requireEmail } from '../users';
import { updateUser } from '../users/updateUser';
import { createPasswordUser } from './createPasswordUser';
import { resetWithToken } from './resetWithToken';
import { startResetByEmail } from './startPasswordReset';
import { requireProjectUser } from '../users/projectUser';
import { changePassword } from './changePassword';
import { checkPasswordLogin } from './checkPasswordLogin';
import { checkStrength } from './checkStrength';
import { migratePassword } from './migratePassword';
import { loadPasswordRecord } from './passwordRecord';
import { requireStorablePassword } from './requireStrongPassword';
import { AuthError } from '../errors/AuthError';

const PASSWORD_FACTOR = { type: 'password', delivery_method: 'knowledge' } as const;

/**
 * The backend API for passwords (project secret): log in, check strength, two ways to change one,
 * and bring one over from another system.
 */
export const passwordBackendRoutes: Route[] = [
  backendRoute('POST /v1/passwords/migrate', async ({ body, project, services }) =>
    migratePassword(services.db, project, body),
  ),

  /** Sign-up from the app's server: `POST /passwords`'s rules, the profile given, a session when asked. */
  backendRoute('POST /v1/passwords', async (input) => {
    const { body, project, services } = input;
    const created = await createPasswordUser(services, project, {
      email: requireEmail(body.email),
      password: body.password,
    });
    const { name, trusted_metadata, untrusted_metadata } = body;
    if (name || trusted_metadata || untrusted_metadata)
      await updateUser(services.db, project.project_id, created.user_id, {
        name,
        trusted_metadata,
        untrusted_metadata,
      });
    const proof = { userId: created.user_id, factor: PASSWORD_FACTOR, now: new Date() };
    return { ...(await finishBackendAuthentication(input, proof, body)), email_id: created.email_id ?? '' };
  }),

  backendRoute(
    'POST /v1/passwords/email/reset/start',
    async ({ body, project, services }) => {
      await startResetByEmail(services, project, body);
      return {};
    },
    { limitsAs: '/passwords/email/reset/start' },
  ),

  /** The emailed token proves the inbox, as a magic link does: the factor is the email's. */
  backendRoute('POST /v1/passwords/email/reset', async (input) => {
    const { body, project, services } = input;
    const now = new Date();
    const named = await findNamedSession(services, project, body, now);
    const owner = await resetWithToken(services.db, project, {
      token: body.token,
      password: body.password,
      codeVerifier: body.code_verifier,
      requestSession: { sessionToken: body.session_token, sessionId: named?.session_id },
      now,
    });
    const factor = {
      type: 'magic_link',
      delivery_method: 'email',
      email_factor: { email_id: owner.email_id, email_address: owner.email },
    };
    return finishBackendAuthentication(input, { userId: owner.user_id, factor, now }, body);
  }),

  backendRoute('POST /v1/passwords/authenticate', async (input) => {
    const { body, project, services } = input;
    requireStorablePassword(body.password);
    const now = new Date();
    const found = await checkPasswordLogin(services, project, {
      email: requireEmail(body.email),
      password: body.password,
      now,
    });
    const proof = { userId: found.user_id, factor: PASSWORD_FACTOR, ownerEpoch: found.ownerEpoch, now };
    return finishBackendAuthentication(input, proof, body);
  }),

  backendRoute('POST /v1/passwords/strength_check', async ({ body, project }) =>
    checkStrength({ password: body.password, email: body.email, policy: project.password_policy }),
  ),

  /** The current password proves the account; the new one replaces it, and the login counts as a sign-in. */
  backendRoute('POST /v1/passwords/existing_password/reset', async (input) => {
    const { body, project, services } = input;
    requireStorablePassword(body.existing_password);
    const now = new Date();
    const email = requireEmail(body.email);
    // Resolved first: the session the change is made in outlives it.
    const named = await findNamedSession(services, project, body, now);
    const found = await checkPasswordLogin(services, project, {
      email,
      password: body.existing_password,
      now,
      forReset: true,
    });
    await changePassword(services.db, project, {
      userId: found.user_id,
      email: found.email,
      password: body.new_password,
      now,
      keepSessionId: named?.user_id === found.user_id ? named.session_id : undefined,
      ownerEpoch: found.ownerEpoch,
    });
    const proof = { userId: found.user_id, factor: PASSWORD_FACTOR, ownerEpoch: found.ownerEpoch, now };
    return finishBackendAuthentication(input, proof, body);
  }),

  /** A live session proves the account; it survives the change (the user's other sessions may not). */
  backendRoute('POST /v1/passwords/session/reset', async ({ body, project, services }) => {
    const now = new Date();
    const named = await findNamedSession(services, project, body, now);
    if (!named) throw new AuthError('missing_field', 'session_token or session_jwt is a required field.');
    const user = await requireProjectUser(services.db, project.project_id, named.user_id);
    // The epoch first, then the session again: a claim that ended the session meanwhile is seen by
    // one or the other, so the change stores nothing.
    const ownerEpoch = (await loadPasswordRecord(services.db, user.user_id))?.owner_epoch;
    await findNamedSession(services, project, body, now);
    await changePassword(services.db, project, {
      ownerEpoch,
      userId: user.user_id,
      email: user.emails[0]?.email ?? '',
      password: body.password,
      now,
      keepSessionId: named.session_id,
    });
    const claims = body.session_custom_claims;
    if (claims) await services.db.transaction((tx) => updateSessionClaims(tx, named.session_id, claims));
    const common = {
      db: services.db,
      project,
      authOrigin: services.authOrigin,
      durationMinutes: body.session_duration_minutes,
      now,
    };
    // Named by JWT, the opaque token is not known here: `session_token` is ''.
    return body.session_token !== undefined
      ? authenticateSessionToken({ ...common, sessionToken: body.session_token })
      : authenticateSessionJwt({ ...common, sessionJwt: body.session_jwt ?? '' });
  }),
];
