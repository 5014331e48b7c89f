/**
 * The password flows behind `routes/sdk/passwords.ts`: lockout accounting, password storage, reset
 * tokens (which `/magic_links/authenticate` also takes) and the reset email. Hashing and strength
 * rules live in `../passwords`.
 */
export { checkPasswordLogin } from './checkPasswordLogin';
export { consumeResetToken } from './consumeResetToken';
export { createPasswordUser } from './createPasswordUser';
export {
  isLocked,
  PASSWORD_LOCK_MINUTES,
  PASSWORD_MAX_FAILED_ATTEMPTS,
  recordFailure,
  recordSuccess,
  reserveAttempt,
} from './passwordLock';
export { loadPasswordRecord, replaceHash, storePassword } from './passwordRecord';
export type { PasswordRecord } from './passwordRecord';
export { requireStorablePassword, requireStrongPassword } from './requireStrongPassword';
export { passwordResetEmail } from './resetEmail';
export { resetRedirects } from './resetRedirects';
export { resetWithToken } from './resetWithToken';
export type { ResetRedirects } from './resetRedirects';
export {
  absorbAutoReset,
  AUTO_RESET_WINDOW_MS,
  findResetToken,
  issueResetToken,
  RESET_EXPIRATION_MINUTES,
  RESET_TOKEN_KIND,
  retireResetTokens,
  useResetToken,
} from './resetTokens';
export type { ResetTokenRef } from './resetTokens';
export { sendDefaultPasswordReset, sendPasswordReset } from './startPasswordReset';
export type { ResetMessageMetadata, ResetStart } from './startPasswordReset';
