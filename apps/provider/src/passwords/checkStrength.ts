import type { PasswordStrengthResponse } from '@latch/api';
import { isBreached } from './breachedPasswords';
import { emailUserInputs } from './emailUserInputs';
import { ludsRequirements } from './ludsRequirements';
import { passwordInputProblem } from './passwordInput';
import { estimateStrength, zxcvbnPhrases } from './zxcvbnEstimator';

/** A project's password policy (same shape as `password_policy` in the provider config). */
export type StrengthPolicy =
  { type: 'zxcvbn' } | { type: 'luds'; luds_complexity: number; luds_minimum_count: number };

export interface StrengthCheckInput {
  password: string;
  email?: string | undefined;
  policy: StrengthPolicy;
}

/** zxcvbn scores 0-4; 3 ("safely unguessable") is the lowest we accept. */
export const MIN_VALID_SCORE = 3;

/** The `/passwords/strength_check` answer; also the gate for create and reset. */
export function checkStrength({ password, email, policy }: StrengthCheckInput): PasswordStrengthResponse {
  const estimate = estimateStrength(password, emailUserInputs(email));
  const breached = isBreached(password);
  // Over-long or empty input can never be stored, so it is never reported valid.
  const storable = passwordInputProblem(password) === null;

  if (policy.type === 'luds') {
    const luds = ludsRequirements(password, policy.luds_complexity, policy.luds_minimum_count);
    const meetsLuds = luds.missing_complexity === 0 && luds.missing_characters === 0;
    return {
      valid_password: storable && meetsLuds && !breached,
      score: estimate.score,
      breached_password: breached,
      strength_policy: 'luds',
      breach_detection_on_create: true,
      // The LUDS screen renders its own lines from luds_requirements and breached_password.
      feedback: { warning: '', suggestions: [], luds_requirements: luds },
    };
  }

  const warning = breached ? zxcvbnPhrases.warnings.pwned : (estimate.feedback.warning ?? '');
  const suggestions = breached
    ? [...new Set([zxcvbnPhrases.suggestions.pwned, ...estimate.feedback.suggestions])]
    : estimate.feedback.suggestions;
  return {
    valid_password: storable && estimate.score >= MIN_VALID_SCORE && !breached,
    score: estimate.score,
    breached_password: breached,
    strength_policy: 'zxcvbn',
    breach_detection_on_create: true,
    feedback: {
      warning,
      suggestions,
      // Class flags are informational under zxcvbn; nothing is "missing" because no LUDS rule applies.
      luds_requirements: ludsRequirements(password, 0, 0),
    },
  };
}
