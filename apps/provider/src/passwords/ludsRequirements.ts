import type { PasswordStrengthResponse } from '@latch/api';
import { passwordLength } from './passwordInput';

export type LudsRequirements = PasswordStrengthResponse['feedback']['luds_requirements'];

/** Lower, upper, digit, symbol: the four classes a LUDS policy counts. */
const MAX_CLASSES = 4;

/** Which character classes a password has and how far it is from `complexity` classes and `minimumCount` characters. */
export function ludsRequirements(
  password: string,
  complexity: number,
  minimumCount: number,
): LudsRequirements {
  const has_lower_case = /\p{Ll}/u.test(password);
  const has_upper_case = /\p{Lu}/u.test(password);
  const has_digit = /\p{Nd}/u.test(password);
  // Anything that is neither a letter nor a number (punctuation, spaces, emoji) counts as a symbol.
  const has_symbol = /[^\p{L}\p{N}]/u.test(password);
  const classes = [has_lower_case, has_upper_case, has_digit, has_symbol].filter(Boolean).length;
  // A policy asking for more than four classes could never be met; treat it as "all four".
  const required = Math.min(complexity, MAX_CLASSES);
  return {
    has_lower_case,
    has_upper_case,
    has_digit,
    has_symbol,
    missing_complexity: Math.max(0, required - classes),
    missing_characters: Math.max(0, minimumCount - passwordLength(password)),
  };
}
