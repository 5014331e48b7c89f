/** Longest password accepted anywhere (hashing, verifying, strength); longer input is refused, not truncated. */
export const MAX_PASSWORD_LENGTH = 256;

export type PasswordInputProblem = 'empty' | 'too_long';

/** Thrown by `hashPassword` for input that must never be stored; routes map it to a 400. */
export class PasswordInputError extends Error {
  constructor(readonly problem: PasswordInputProblem) {
    super(
      problem === 'empty'
        ? 'Password is empty.'
        : `Password is longer than ${MAX_PASSWORD_LENGTH} characters.`,
    );
    this.name = 'PasswordInputError';
  }
}

/** Length in Unicode code points, so an emoji counts as one character as the user sees it. */
export function passwordLength(password: string): number {
  return [...password].length;
}

export function passwordInputProblem(password: string): PasswordInputProblem | null {
  if (password.length === 0) return 'empty';
  // UTF-16 length is >= code points, so the cheap check settles short input without splitting.
  if (password.length > MAX_PASSWORD_LENGTH && passwordLength(password) > MAX_PASSWORD_LENGTH)
    return 'too_long';
  return null;
}
