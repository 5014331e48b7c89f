import type { ProjectConfig } from '../config/configSchema';
import { AuthError } from '../errors/AuthError';
import { checkStrength, MAX_PASSWORD_LENGTH, MIN_VALID_SCORE, passwordInputProblem } from '.';

/** Empty or over-long passwords are a malformed field, never a credential to check or store. */
export function requireStorablePassword(password: string): void {
  const problem = passwordInputProblem(password);
  if (problem === 'empty') throw new AuthError('invalid_field', 'password: must not be empty.');
  if (problem === 'too_long')
    throw new AuthError('invalid_field', `password: longer than ${MAX_PASSWORD_LENGTH} characters.`);
}

/** The gate of create and reset: the same verdict as `/passwords/strength_check`, as an error. */
export function requireStrongPassword(project: ProjectConfig, password: string, email: string): void {
  const strength = checkStrength({ password, email, policy: project.password_policy });
  if (strength.valid_password) return;
  if (strength.breached_password) {
    throw new AuthError(
      'breached_password',
      'This password appears in a list of breached passwords; choose another one.',
    );
  }
  const policy = project.password_policy;
  const rule =
    policy.type === 'luds'
      ? `at least ${policy.luds_minimum_count} characters with ${policy.luds_complexity} of: uppercase letter, lowercase letter, number, symbol`
      : `a strength score of at least ${MIN_VALID_SCORE} of 4 (this one scores ${strength.score})`;
  const warning = strength.feedback.warning ? ` ${strength.feedback.warning}` : '';
  throw new AuthError('weak_password', `The password is too weak: it needs ${rule}.${warning}`);
}
