export { WEBAUTHN_ERROR_TYPES } from './webAuthnResult';
export type { WebAuthnErrorType, WebAuthnFailure, WebAuthnResult } from './webAuthnResult';
export { resolveRpId } from './resolveRpId';
export type { ResolveRpIdInput } from './resolveRpId';
export { buildRegistrationOptions } from './buildRegistrationOptions';
export type {
  AuthenticatorType,
  BuildRegistrationOptionsInput,
  BuiltOptions,
} from './buildRegistrationOptions';
export { buildAuthenticationOptions } from './buildAuthenticationOptions';
export type { BuildAuthenticationOptionsInput } from './buildAuthenticationOptions';
export { parseAuthenticationCredential, parseRegistrationCredential } from './parseCredential';
export type { ClientData } from './clientData';
export { verifyRegistration } from './verifyRegistration';
export type { VerifiedRegistration, VerifyRegistrationInput } from './verifyRegistration';
export { verifyAuthentication } from './verifyAuthentication';
export type {
  StoredCredential,
  VerifiedAuthentication,
  VerifyAuthenticationInput,
} from './verifyAuthentication';
export { CHALLENGE_TTL_MS, generateChallenge } from './challengeStore';
export type { ChallengePurpose, ChallengeRecord, ChallengeStore } from './challengeStore';
export { createMemoryChallengeStore } from './memoryChallengeStore';
export { takeChallenge } from './takeChallenge';
export { CEREMONY_TIMEOUT_MS } from './webAuthnSettings';
