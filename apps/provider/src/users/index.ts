/**
 * Users of a project, in the API's `User` shape (packages/api `User`). Used by every sign-in route (magic links, OTP,
 * passwords, WebAuthn): find or create the user, prove what the sign-in reached (`proveAddress`), then `issueSession`.
 */
export { findUser, loadUser, UserNotFoundError } from './loadUser';
export {
  findEmail,
  findEmailById,
  findPhone,
  findPhoneById,
  findUserIdByEmail,
  findUserIdByPhone,
} from './findUser';
export type { EmailRecord, PhoneRecord } from './findUser';
export { createUser, DuplicateIdentifierError } from './createUser';
export type { CreatedUser, NewUser, UserStatus } from './createUser';
export { findOrCreateUserByEmail, findOrCreateUserByPhone } from './findOrCreateUser';
export type { FoundOrCreated } from './findOrCreateUser';
export { activateUser } from './activateUser';
export { proveAddress, proveAddressInTransaction } from './proveAddress';
export type { AddressProof, ProvenAddress, ReachedAddress, RequestSession } from './proveAddress';
export { isValidEmail, normalizeEmail, parseEmail, requireEmail } from './email';
export { isE164, requirePhoneNumber } from './phone';
export type { ProjectRef } from './project';
