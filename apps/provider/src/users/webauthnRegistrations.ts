import type { JsonFields } from './userJson';

/** The API's `WebAuthnRegistration` as output name → column, for the user's JSON. */
export const REGISTRATION_JSON_FIELDS: JsonFields = [
  ['webauthn_registration_id', 'webauthn_registration_id'],
  ['domain', 'rp_id'],
  ['user_agent', 'user_agent'],
  ['authenticator_type', 'authenticator_type'],
  ['verified', 'verified'],
  ['name', 'name'],
];

/** The same fields for every SELECT/RETURNING that answers one `WebAuthnRegistration`. */
export const REGISTRATION_FIELDS = REGISTRATION_JSON_FIELDS.map(([name, sql]) =>
  name === sql ? sql : `${sql} AS ${name}`,
).join(', ');
