import type { User } from '@latch/api';
import { AuthError } from '../errors/AuthError';
import { backendRoute } from '../http/backendRoute';
import type { Route } from '../http/route';
import { createUserWithProfile } from './createUserWithProfile';
import {
  deleteUser,
  deleteUserFactor,
  deleteUserPassword,
  USER_FACTORS,
  type UserFactor,
} from './deleteUser';
import { namedUserId, requireProjectUser, userNotFound } from './projectUser';
import { searchUsers } from './searchUsers';
import { updateUser } from './updateUser';
import { withEvent } from '../webhooks/withEvent';

/** The hosted API's `GET /v1/users/{user_id}` shape: the user's fields at the top level. */
const userFields = (user: User) => ({ ...user, biometric_registrations: [] });

/** `DELETE /v1/users/<factor path>/{id}`: removes one identifier or credential, answers the user after. */
const deleteFactorRoute = (
  operation:
    | 'DELETE /v1/users/emails/{email_id}'
    | 'DELETE /v1/users/phone_numbers/{phone_id}'
    | 'DELETE /v1/users/webauthn_registrations/{webauthn_registration_id}'
    | 'DELETE /v1/users/crypto_wallets/{crypto_wallet_id}'
    | 'DELETE /v1/users/oauth/{oauth_user_registration_id}',
  factor: UserFactor,
) =>
  backendRoute(operation, async ({ c, project, services }) => {
    const { id, notFound } = USER_FACTORS[factor];
    const userId = await withEvent(
      services.db,
      project,
      'user.updated',
      (q) => deleteUserFactor(q, project.project_id, factor, c.req.param(id) ?? ''),
      (owner) => (owner ? [{ user_id: owner }] : []),
    );
    if (!userId) throw new AuthError(notFound, `No user of this project has this ${id}.`);
    const user = await requireProjectUser(services.db, project.project_id, userId);
    return { user_id: userId, user };
  });

/** The backend API for users (project secret): create, get, search, update, delete. */
export const userBackendRoutes: Route[] = [
  backendRoute('POST /v1/users', async ({ body, project, services }) => {
    const created = await createUserWithProfile(services.db, project, {
      email: body.email,
      phone_number: body.phone_number,
      pending: body.create_user_as_pending,
      name: body.name,
      trusted_metadata: body.trusted_metadata,
      untrusted_metadata: body.untrusted_metadata,
      external_id: body.external_id,
    });
    const user = await requireProjectUser(services.db, project.project_id, created.user_id);
    return {
      user_id: user.user_id,
      email_id: created.email_id ?? '',
      phone_id: created.phone_id ?? '',
      status: user.status,
      user,
    };
  }),

  backendRoute('POST /v1/users/search', async ({ body, project, services }) =>
    searchUsers(services.db, project.project_id, {
      operator: body.query?.operator ?? 'AND',
      operands: body.query?.operands ?? [],
      limit: body.limit,
      cursor: body.cursor,
    }),
  ),

  backendRoute('GET /v1/users/{user_id}', async ({ c, project, services }) => {
    const userId = await namedUserId(services.db, project.project_id, c.req.param('user_id') ?? '');
    return userFields(await requireProjectUser(services.db, project.project_id, userId));
  }),

  backendRoute('PUT /v1/users/{user_id}', async ({ c, body, project, services }) => {
    const userId = await namedUserId(services.db, project.project_id, c.req.param('user_id') ?? '');
    const updated = await withEvent(
      services.db,
      project,
      'user.updated',
      (q) => updateUser(q, project.project_id, userId, body),
      (found) => (found ? [{ user_id: userId }] : []),
    );
    if (!updated) throw userNotFound();
    const user = await requireProjectUser(services.db, project.project_id, userId);
    return {
      user_id: userId,
      emails: user.emails,
      phone_numbers: user.phone_numbers,
      crypto_wallets: user.crypto_wallets,
      user,
    };
  }),

  backendRoute('DELETE /v1/users/{user_id}', async ({ c, project, services }) => {
    const userId = await namedUserId(services.db, project.project_id, c.req.param('user_id') ?? '');
    const deleted = await withEvent(
      services.db,
      project,
      'user.deleted',
      (q) => deleteUser(q, project.project_id, userId),
      (found) => (found ? [{ user_id: userId }] : []),
    );
    if (!deleted) throw userNotFound();
    return { user_id: userId };
  }),

  deleteFactorRoute('DELETE /v1/users/emails/{email_id}', 'email'),
  deleteFactorRoute('DELETE /v1/users/phone_numbers/{phone_id}', 'phone_number'),
  deleteFactorRoute(
    'DELETE /v1/users/webauthn_registrations/{webauthn_registration_id}',
    'webauthn_registration',
  ),
  deleteFactorRoute('DELETE /v1/users/crypto_wallets/{crypto_wallet_id}', 'crypto_wallet'),
  deleteFactorRoute('DELETE /v1/users/oauth/{oauth_user_registration_id}', 'oauth'),

  backendRoute('DELETE /v1/users/passwords/{password_id}', async ({ c, project, services }) => {
    const userId = await deleteUserPassword(
      services.db,
      project.project_id,
      c.req.param('password_id') ?? '',
    );
    if (!userId) throw new AuthError('password_not_found', 'No user of this project has this password_id.');
    return { user_id: userId, user: await requireProjectUser(services.db, project.project_id, userId) };
  }),
];
