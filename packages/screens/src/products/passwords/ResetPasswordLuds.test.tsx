import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mswConfig } from '@latch/msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectCatalogueOnly, MARKERS } from '../../test/catalogueMarkers';
import { renderWidget } from '../../test/renderWidget';
import { providerServer } from '../../test/providerServer';
import { loadZxcvbn } from './loadZxcvbn';
import { continueButton, typePassword } from '../../test/passwords/passwordTestKit';

// A project whose password policy is LUDS: its own provider, the rest of the reset tests use zxcvbn.
const config = mswConfig();
for (const project of config.projects) {
  project.password_policy = { type: 'luds', luds_complexity: 3, luds_minimum_count: 12 };
}
providerServer({ config });

describe('reset password mount under a LUDS policy', () => {
  // zxcvbn builds its dictionaries once, blocking for a moment; not part of any step's timing.
  beforeAll(async () => {
    await loadZxcvbn();
  }, 20_000);

  it('shows the LUDS lines with the bootstrap numbers, met or not', async () => {
    renderWidget({
      config: { products: ['passwords'] },
      bootstrap: { passwordConfig: { ludsMinimumCount: 12, ludsComplexity: 3 } },
      mount: { kind: 'reset-password', hostSearch: '?token=t' },
    });
    await screen.findByLabelText('New password');
    typePassword('tiny-pw', 'New password');
    const length = await screen.findByText('Must be at least 12 character(s) long');
    const complexity = screen.getByText(
      'Must contain 3 of the following: uppercase letter, lowercase letter, number, symbol',
    );
    expect(length.closest('li')?.className).toBe('latch-requirement-unmet');
    expect(complexity.closest('li')?.textContent).toContain('Requirement not met:');
    expect(screen.queryByRole('meter')).toBeNull();
    // No zxcvbn feedback under LUDS: no warning, no suggestion.
    expect(
      document.querySelectorAll('.latch-strength .latch-error-text, .latch-strength-hints'),
    ).toHaveLength(0);

    typePassword('Long-enough-1234', 'New password');
    await waitFor(() => expect(continueButton().disabled).toBe(false));
    expect(screen.getByText('Must be at least 12 character(s) long').closest('li')?.className).toBe(
      'latch-requirement-met',
    );
  });

  it('takes the LUDS lines from the catalogue', async () => {
    const { container } = renderWidget({
      config: { products: [] },
      strings: MARKERS,
      mount: { kind: 'reset-password', hostSearch: '?token=t1' },
    });
    await expectCatalogueOnly(['password.reset.title', 'formField.newPassword.label']);
    const field = container.querySelector('input[autocomplete="new-password"]') as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'short' } });
    await expectCatalogueOnly(['password.luds.minimumLength', 'password.luds.complexity']);
  });
});
