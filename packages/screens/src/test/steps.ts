import { fireEvent, screen } from '@testing-library/react';

/** Shared steps for flow tests: what a visitor does, by intent. */
export async function submitEmail(email: string, button = 'Continue with email') {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

export async function submitPhone(phone: string, button = 'Continue with text message') {
  fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: phone } });
  fireEvent.click(screen.getByRole('button', { name: button }));
}

export async function enterPasscode(code: string) {
  const first = await screen.findByLabelText('Digit 1 of 6');
  fireEvent.paste(first, { clipboardData: { getData: () => code } });
}
