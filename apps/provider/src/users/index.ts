/**
 * Users of a project, in the API.md `User` shape. Used by every sign-in route (magic links, OTP,
 * passwords, WebAuthn): find or create the user, mark what the sign-in proved, then `issueSession`.
 */
export { findUser, loadUser, UserNotFoundError } from './loadUser';
export { loadUserCryptoWallets } from './cryptoWallets';
export {
  findEmail,
  findEmailById,
  findPhone,
  findPhoneById,
  findUserIdByEmail,
  findUserIdByPhone,
} from './findUser';
export type { EmailRecord, PhoneRecord } from './findUser';
export {
  createUser,
  DuplicateIdentifierError,
  findOrCreateUserByEmail,
  findOrCreateUserByPhone,
} from './createUser';
export type { CreatedUser, FoundOrCreated, NewUser, UserStatus } from './createUser';
export { activateUser, markEmailVerified, markPhoneVerified } from './markVerified';
export { isValidEmail, normalizeEmail, parseEmail, requireEmail } from './email';
export { isE164 } from './phone';
export type { ProjectRef } from './project';
export { loadWebAuthnRegistrations } from './webauthnRegistrations';
