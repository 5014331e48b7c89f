export { hashPassword, verifyPassword, needsRehash, SCRYPT_PARAMS, scryptParams } from './passwordHash';
export { MAX_PASSWORD_LENGTH, PasswordInputError, passwordInputProblem } from './passwordInput';
export type { PasswordInputProblem } from './passwordInput';
export { checkStrength, MIN_VALID_SCORE } from './checkStrength';
export type { StrengthPolicy, StrengthCheckInput } from './checkStrength';
export { isBreached } from './breachedPasswords';
export { checkPasswordLogin } from './checkPasswordLogin';
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
export { changePassword } from './changePassword';
export { replacePassword } from './replacePassword';
export type { ResetRedirects } from './resetRedirects';
export {
  absorbAutoReset,
  AUTO_RESET_WINDOW_MS,
  findResetToken,
  issueResetToken,
  retireResetTokens,
  useResetToken,
} from './resetTokens';
export { sendDefaultPasswordReset, sendPasswordReset } from './startPasswordReset';
export type { ResetMessageMetadata, ResetStart } from './startPasswordReset';
