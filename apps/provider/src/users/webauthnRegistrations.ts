import type { WebAuthnRegistration } from '@latch/api';
import type { Queryable } from '../db/Db';

/** The columns of the API's `WebAuthnRegistration`, for every SELECT/RETURNING that answers one. */
export const REGISTRATION_FIELDS =
  'webauthn_registration_id, rp_id AS domain, user_agent, authenticator_type, verified, name';

/** The user's passkeys for `User.webauthn_registrations`, oldest first. */
export function loadWebAuthnRegistrations(db: Queryable, userId: string): Promise<WebAuthnRegistration[]> {
  return db.query<WebAuthnRegistration & Record<string, unknown>>(
    `SELECT ${REGISTRATION_FIELDS} FROM webauthn_registrations
     WHERE user_id = $1 ORDER BY created_at, webauthn_registration_id`,
    [userId],
  );
}
