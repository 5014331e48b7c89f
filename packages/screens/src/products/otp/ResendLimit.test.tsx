import { fireEvent, screen } from '@testing-library/react';
import { mswConfig } from '@latch/msw';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderWidget } from '../../test/renderWidget';
import { submitEmail } from '../../test/steps';
import { providerServer, uniqueEmail } from '../../test/providerServer';
import { warmUpScreens } from '../../test/warmUp';

// A project that takes one send every two minutes: the resend hits the limit. (Over an address's
// budget the provider answers as if it had sent, so that one would not show.)
const config = mswConfig();
config.rate_limits = { ...config.rate_limits, sends_per_project: { limit: 1, per_seconds: 120 } };
providerServer({ config });

describe('a resend the provider refuses', () => {
  beforeAll(warmUpScreens, 30_000);

  it('shows why: the wait the rate limit asks for', async () => {
    const { host } = renderWidget({ config: { products: ['otp'], otpOptions: { methods: ['email'] } } });
    await submitEmail(uniqueEmail());
    fireEvent.click(await screen.findByRole('button', { name: 'Resend code' }));
    const shown = await screen.findByText(
      /^The code could not be resent\. Too many requests: try again in \d+ seconds\.$/,
    );
    expect(shown.className).toBe('latch-error-text');
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
    expect(host.reportError).toHaveBeenCalledWith(
      expect.objectContaining({ error_type: 'too_many_requests' }),
    );
  });
});
