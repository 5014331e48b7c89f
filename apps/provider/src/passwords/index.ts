export { hashPassword, verifyPassword, needsRehash, SCRYPT_PARAMS, scryptParams } from './passwordHash';
export { MAX_PASSWORD_LENGTH, PasswordInputError, passwordInputProblem } from './passwordInput';
export type { PasswordInputProblem } from './passwordInput';
export { checkStrength, MIN_VALID_SCORE } from './checkStrength';
export type { StrengthPolicy, StrengthCheckInput } from './checkStrength';
export { isBreached } from './breachedPasswords';
