import { fireEvent, screen } from '@testing-library/react';

/** A password the provider's zxcvbn policy accepts (score 4, not breached). */
export const STRONG_PASSWORD = 'correct-Horse-battery-staple-91';

export function typePassword(value: string, label = 'Password') {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

export const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement;
