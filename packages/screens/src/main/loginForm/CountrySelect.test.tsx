import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWidget } from '../../test/renderWidget';
import { warmUpScreens } from '../../test/warmUp';

const textPasscode = { products: ['otp' as const], otpOptions: { methods: ['sms' as const] } };

describe('phone country control', () => {
  beforeAll(warmUpScreens, 30_000);

  it('shows the country code and dial code when closed, and full names with dial codes in its list', async () => {
    renderWidget({ config: textPasscode });
    const select = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Country' });
    // The short face sits in the same control as the select, where the closed select shows.
    const faceOf = (text: string) => screen.getByText(text).parentElement;
    expect(faceOf('US +1')).toBe(select.parentElement);
    await waitFor(() => expect(select.options.length).toBeGreaterThan(100));
    const names = [...select.options].map((o) => o.textContent);
    expect(names).toContain('United States +1');
    expect(names).toContain('United Kingdom +44');
    expect(select.selectedOptions[0]?.textContent).toBe('United States +1');

    fireEvent.change(select, { target: { value: 'GB' } });
    expect(faceOf('GB +44')).toBe(select.parentElement);
  });
});
