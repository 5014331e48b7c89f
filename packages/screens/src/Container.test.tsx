import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWidget } from './test/renderWidget';

describe('Container', () => {
  it('shows the header on Main', () => {
    renderWidget();
    expect(screen.getByRole('heading', { name: 'Sign up or log in' })).toBeTruthy();
  });

  it('hides the header text when hideHeaderText is set, keeping it for screen readers', () => {
    const { unmount } = renderWidget();
    expect(screen.getByRole('heading', { level: 1 }).className).toBe('latch-title');
    unmount();
    renderWidget({ styles: { hideHeaderText: true } });
    const heading = screen.getByRole('heading', { level: 1, name: 'Sign up or log in' });
    expect(heading.className).toBe('latch-visually-hidden');
  });

  it('puts everything in one main landmark, live region included', () => {
    const { container } = renderWidget();
    const main = screen.getByRole('main');
    expect(container.firstElementChild).toBe(main);
    expect(main.querySelector('[aria-live]')).toBeTruthy();
  });

  it('shows host overrides and reports unknown ids once', async () => {
    const { host } = renderWidget({ strings: { 'login.title': 'Welcome back', 'nope.id': 'x' } });
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();
    await waitFor(() => expect(host.reportError).toHaveBeenCalledTimes(1));
    expect(host.reportError.mock.calls[0]?.[0].message).toContain('nope.id');
  });

  it('shows the EML + email OTP configuration error', () => {
    renderWidget({ config: { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['email'] } } });
    expect(screen.getByText('Error: Cannot use both EML and Email OTP')).toBeTruthy();
  });

  it('shows the passkeys-alone configuration error', () => {
    renderWidget({ config: { products: ['passkeys'] } });
    expect(
      screen.getByText('Error: Cannot use Passkeys by itself, please add another product to the config.'),
    ).toBeTruthy();
  });

  it('shows the watermark only when bootstrap displayWatermark is set', () => {
    const { unmount } = renderWidget({ bootstrap: { displayWatermark: true } });
    expect(screen.getByText(/Powered by/)).toBeTruthy();
    unmount();
    renderWidget({ bootstrap: { displayWatermark: false } });
    expect(screen.queryByText(/Powered by/)).toBeNull();
  });

  it('shows a logo only for an allowed URL', () => {
    const { unmount } = renderWidget({ styles: { logo: { logoImageUrl: 'https://cdn.example/logo.png' } } });
    expect(screen.getByRole('img', { name: 'Logo' }).getAttribute('src')).toBe(
      'https://cdn.example/logo.png',
    );
    unmount();
    renderWidget({ styles: { logo: { logoImageUrl: 'javascript:alert(1)' } } });
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('puts the theme on the root as custom properties and reports a refused value once', async () => {
    const { container, host } = renderWidget({ styles: { colors: { primary: '#123456', error: 'url(x)' } } });
    const root = container.querySelector<HTMLElement>('.latch-root');
    expect(root?.style.getPropertyValue('--latch-primary')).toBe('#123456');
    expect(root?.style.getPropertyValue('--latch-error')).toBe('#8B1214');
    await waitFor(() =>
      expect(host.reportError).toHaveBeenCalledWith({ message: 'Ignored style value colors.error: url(x)' }),
    );
    expect(host.reportError).toHaveBeenCalledTimes(1);
  });
});
