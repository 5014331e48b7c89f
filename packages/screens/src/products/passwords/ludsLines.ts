import type { BootstrapData, PasswordStrengthResponse } from '@latch/api';
import type { StringId } from '@latch/protocol';

export interface RequirementLine {
  id: StringId;
  count?: number;
  met: boolean;
}

/** Stytch's project defaults, used when bootstrap carries no `password_config`. */
export const DEFAULT_LUDS = { ludsMinimumCount: 8, ludsComplexity: 3 } as const;

/**
 * The LUDS policy's lines: length and complexity with the project's numbers,
 * each met or not per `luds_requirements`, and the breached line when the password is breached.
 */
export function ludsLines(
  strength: Pick<PasswordStrengthResponse, 'feedback' | 'breached_password'>,
  passwordConfig: BootstrapData['passwordConfig'],
): RequirementLine[] {
  const config = passwordConfig ?? DEFAULT_LUDS;
  const luds = strength.feedback.luds_requirements;
  const lines: RequirementLine[] = [
    {
      id: 'password.luds.minimumLength',
      count: config.ludsMinimumCount,
      met: luds.missing_characters <= 0,
    },
    { id: 'password.luds.complexity', count: config.ludsComplexity, met: luds.missing_complexity <= 0 },
  ];
  if (strength.breached_password) lines.push({ id: 'password.breached', met: false });
  return lines;
}
