/**
 * Storage for the WebAuthn routes: challenges in `one_time_tokens` (single use, short-lived) and
 * passkey registrations in `webauthn_registrations` (migrations/002_webauthn.sql).
 */
export { CHALLENGE_KIND, createSqlChallengeStore } from './sqlChallengeStore';
export type {
  ChallengeContext,
  SqlChallengeStore,
  SqlChallengeStoreOptions,
  StoredChallengeRecord,
} from './sqlChallengeStore';
export { takeStoredChallenge } from './takeStoredChallenge';
export {
  deleteRegistration,
  findRegistrationByCredentialId,
  insertRegistration,
  listCredentialIds,
  listRegistrationNames,
  recordUse,
  renameRegistration,
} from './registrations';
export type { NewRegistration, OwnedRegistration, StoredRegistration } from './registrations';
export { DEFAULT_PASSKEY_NAME, defaultPasskeyName } from './defaultPasskeyName';
