import { fireEvent, screen } from '@testing-library/react';
import type { PasswordStrengthResponse } from '@latch/api';
import { ok, type StubReply } from '../../test/stubProvider';

/** A strength answer: valid from 12 characters, zxcvbn unless told otherwise. */
export function strengthFor(
  password: string,
  patch: Partial<PasswordStrengthResponse> = {},
): PasswordStrengthResponse {
  const valid = password.length >= 12;
  return {
    valid_password: valid,
    score: valid ? 4 : 1,
    breached_password: false,
    strength_policy: 'zxcvbn',
    breach_detection_on_create: true,
    feedback: {
      warning: valid ? '' : 'This is a commonly used password.',
      suggestions: valid ? [] : ['Add more words that are less common.', 'A phrase only the provider knows.'],
      luds_requirements: {
        has_lower_case: true,
        has_upper_case: valid,
        has_digit: valid,
        has_symbol: false,
        missing_complexity: valid ? 0 : 2,
        missing_characters: Math.max(0, 12 - password.length),
      },
    },
    ...patch,
  };
}

export const strengthRoute = (body: unknown): StubReply =>
  ok(strengthFor((body as { password: string }).password));

export function typePassword(value: string, label = 'Password') {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

export const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
