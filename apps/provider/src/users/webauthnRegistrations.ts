import type { WebAuthnRegistration } from '@latch/api';
import type { Queryable } from '../db/Db';
import { REGISTRATION_FIELDS } from '../passkeys/registrations';

/** The user's passkeys for `User.webauthn_registrations`, oldest first. */
export function loadWebAuthnRegistrations(db: Queryable, userId: string): Promise<WebAuthnRegistration[]> {
  return db.query<WebAuthnRegistration & Record<string, unknown>>(
    `SELECT ${REGISTRATION_FIELDS} FROM webauthn_registrations
     WHERE user_id = $1 ORDER BY created_at, webauthn_registration_id`,
    [userId],
  );
}
