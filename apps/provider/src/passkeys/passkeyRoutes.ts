import type { User } from '@latch/api';
import { sdkPathRoute, sdkRoute, type Route } from '../http/route';
import { buildRegistrationOptions, parseRegistrationCredential, verifyRegistration } from './ceremony';
import {
  createSqlChallengeStore,
  deleteRegistration,
  defaultPasskeyName,
  insertRegistration,
  listCredentialIds,
  listRegistrationNames,
  renameRegistration,
  takeStoredChallenge,
} from '.';
import { finishAuthentication } from '../sessions/finishAuthentication';
import { requireSession } from '../sessions/requireSession';
import { withLiveSession } from '../sessions/withLiveSession';
import { webauthnAuthenticateRoutes } from './passkeyAuthenticateRoutes';
import { ceremonyRpId, registrationNotFound, webAuthnError, webauthnFactor } from './webauthnCommon';
import { AuthError } from '../errors/AuthError';

/** How the authenticator shows the user: their email or phone number, else the user id. */
function userLabels(user: User): { name: string; displayName: string } {
  const name = user.emails[0]?.email ?? user.phone_numbers[0]?.phone_number ?? user.user_id;
  const full = [user.name.first_name, user.name.last_name].filter(Boolean).join(' ');
  return { name, displayName: full || name };
}

/** Passkey registration for the session user, renaming, deleting, and (from webauthnAuthenticate) sign-in. */
export const webauthnRoutes: Route[] = [
  sdkRoute('POST /webauthn/register/start', async ({ body, project, services, sessionToken }) => {
    const { user } = await requireSession({ project, services, sessionToken });
    const rpId = ceremonyRpId(services.authOrigin, project, body.domain);
    const challenge = await createSqlChallengeStore(services.db, project).issue(
      'registration',
      user.user_id,
      { rpId, userAgent: body.user_agent, authenticatorType: body.authenticator_type ?? '' },
    );
    const options = await buildRegistrationOptions({
      rpId,
      rpName: project.name,
      user: { id: user.user_id, ...userLabels(user) },
      excludeCredentialIds: await listCredentialIds(services.db, project.project_id, user.user_id, rpId),
      isPasskey: body.return_passkey_credential_options,
      authenticatorType: body.authenticator_type,
      challenge,
    });
    return { user_id: user.user_id, public_key_credential_creation_options: options.optionsJSON };
  }),

  sdkRoute('POST /webauthn/register', async (input) => {
    const { body, project, services, sessionToken } = input;
    const { user_id, session } = await requireSession({ project, services, sessionToken });
    const parsed = parseRegistrationCredential(body.public_key_credential);
    if (!parsed.ok) throw webAuthnError(parsed);
    const store = createSqlChallengeStore(services.db, project);
    const taken = await takeStoredChallenge(store, parsed.clientData.challenge, {
      purpose: 'registration',
      userId: user_id,
    });
    if (!taken.ok) throw webAuthnError(taken);
    const { challenge, context } = taken.record;
    const verified = await verifyRegistration({
      credentialJSON: body.public_key_credential,
      expectedChallenge: challenge,
      authOrigin: services.authOrigin,
      rpId: context.rpId,
      authorizedOrigins: project.authorized_origins,
    });
    if (!verified.ok) throw webAuthnError(verified);
    const now = new Date();
    const takenNames = await listRegistrationNames(services.db, project.project_id, user_id);
    const held = { projectId: project.project_id, sessionId: session.session_id, now };
    const registration = await withLiveSession(services.db, held, (tx) =>
      insertRegistration(tx, project, {
        userId: user_id,
        credentialId: verified.credentialId,
        publicKey: verified.publicKey,
        counter: verified.counter,
        transports: verified.transports,
        aaguid: verified.aaguid,
        rpId: context.rpId,
        userAgent: context.userAgent,
        authenticatorType: parsed.credential.authenticatorAttachment ?? context.authenticatorType,
        name: defaultPasskeyName(verified.aaguid, takenNames, context.userAgent),
        backedUp: verified.backedUp,
        now,
      }),
    );
    if (!registration) {
      throw new AuthError(
        'duplicate_webauthn_registration',
        'The Passkey cannot be created as it seems to be already registered.',
      );
    }
    const auth = await finishAuthentication(input, {
      userId: user_id,
      factor: webauthnFactor(registration),
      durationMinutes: body.session_duration_minutes,
      now,
    });
    return { ...auth, webauthn_registration_id: registration.webauthn_registration_id };
  }),

  sdkPathRoute(
    'PUT /webauthn/update/{webauthn_registration_id}',
    async ({ c, body, project, services, sessionToken }) => {
      const { user_id } = await requireSession({ project, services, sessionToken });
      const registration = await renameRegistration(services.db, {
        projectId: project.project_id,
        userId: user_id,
        registrationId: c.req.param('webauthn_registration_id') ?? '',
        name: body.name.trim(),
      });
      if (!registration) throw registrationNotFound();
      return { webauthn_registration: registration };
    },
  ),

  sdkPathRoute(
    'DELETE /users/webauthn_registrations/{webauthn_registration_id}',
    async ({ c, project, services, sessionToken }) => {
      const { user_id } = await requireSession({ project, services, sessionToken });
      const deleted = await deleteRegistration(services.db, {
        projectId: project.project_id,
        userId: user_id,
        registrationId: c.req.param('webauthn_registration_id') ?? '',
      });
      if (!deleted) throw registrationNotFound();
      return { user_id };
    },
  ),

  ...webauthnAuthenticateRoutes,
];
