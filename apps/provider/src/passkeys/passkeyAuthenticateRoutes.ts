import { sdkRoute, type Route } from '../http/route';
import { activateUser } from '../users';
import { buildAuthenticationOptions, parseAuthenticationCredential, verifyAuthentication } from './ceremony';
import {
  createSqlChallengeStore,
  findRegistrationByCredentialId,
  listCredentialIds,
  recordUse,
  takeStoredChallenge,
} from '.';
import { finishAuthentication } from '../sessions/finishAuthentication';
import { requireSession } from '../sessions/requireSession';
import { ceremonyRpId, registrationNotFound, webAuthnError, webauthnFactor } from './webauthnCommon';
import { AuthError } from '../errors/AuthError';

/** Passkey sign-in: a discoverable login (primary) or a second factor for the session user (secondary). */
export const webauthnAuthenticateRoutes: Route[] = [
  sdkRoute('POST /webauthn/authenticate/start/primary', async ({ body, project, services }) => {
    const rpId = ceremonyRpId(services.authOrigin, project, body.domain);
    const challenge = await createSqlChallengeStore(services.db, project).issue('authentication', undefined, {
      rpId,
      userAgent: '',
      authenticatorType: '',
    });
    // A passkey login: no allowCredentials, the browser offers the discoverable credentials.
    const options = await buildAuthenticationOptions({ rpId, challenge });
    return { public_key_credential_request_options: options.optionsJSON };
  }),

  sdkRoute(
    'POST /webauthn/authenticate/start/secondary',
    async ({ body, project, services, sessionToken }) => {
      const { user_id } = await requireSession({ project, services, sessionToken });
      const rpId = ceremonyRpId(services.authOrigin, project, body.domain);
      const allowCredentialIds = await listCredentialIds(services.db, project.project_id, user_id, rpId);
      if (allowCredentialIds.length === 0) throw registrationNotFound();
      const challenge = await createSqlChallengeStore(services.db, project).issue('authentication', user_id, {
        rpId,
        userAgent: '',
        authenticatorType: '',
      });
      const options = await buildAuthenticationOptions({ rpId, allowCredentialIds, challenge });
      return { public_key_credential_request_options: options.optionsJSON };
    },
  ),

  sdkRoute('POST /webauthn/authenticate', async (input) => {
    const { body, project, services } = input;
    const parsed = parseAuthenticationCredential(body.public_key_credential);
    if (!parsed.ok) throw webAuthnError(parsed);
    // Consumed before anything else can fail: a challenge is spent by any answer to it.
    const store = createSqlChallengeStore(services.db, project);
    const taken = await takeStoredChallenge(store, parsed.clientData.challenge, {
      purpose: 'authentication',
    });
    if (!taken.ok) throw webAuthnError(taken);
    const registration = await findRegistrationByCredentialId(
      services.db,
      project.project_id,
      parsed.credential.id,
    );
    if (!registration) throw registrationNotFound();
    const { record } = taken;
    if (record.userId !== null && record.userId !== registration.user_id) {
      throw new AuthError('invalid_webauthn_challenge', 'The challenge was issued to another user.');
    }
    const handle = parsed.credential.response.userHandle;
    if (handle !== undefined && Buffer.from(handle, 'base64url').toString('utf8') !== registration.user_id) {
      throw new AuthError('webauthn_verification_failed', "The user handle is not the passkey's user.");
    }
    const verified = await verifyAuthentication({
      credentialJSON: body.public_key_credential,
      expectedChallenge: record.challenge,
      authOrigin: services.authOrigin,
      rpId: record.context.rpId,
      authorizedOrigins: project.authorized_origins,
      credential: {
        id: registration.credential_id,
        publicKey: registration.public_key,
        counter: registration.counter,
      },
    });
    if (!verified.ok) throw webAuthnError(verified);
    const now = new Date();
    const id = registration.webauthn_registration_id;
    if (!(await recordUse(services.db, id, registration.counter, verified.newCounter, now))) {
      throw new AuthError(
        'webauthn_counter_regression',
        'Another sign-in with this passkey used the same signature counter.',
      );
    }
    await activateUser(services.db, registration.user_id);
    const auth = await finishAuthentication(input, {
      userId: registration.user_id,
      factor: webauthnFactor({ ...registration, domain: registration.rp_id }),
      durationMinutes: body.session_duration_minutes,
      ownerEpoch: registration.owner_epoch,
      now,
    });
    return { ...auth, webauthn_registration_id: id };
  }),
];
