import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResendCode } from './ResendCode';
import { formatMinutes } from './useCountdown';

describe('ResendCode', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('shows Code sent for 2 seconds, then offers to resend again', async () => {
    const onResend = vi.fn(async () => '');
    render(<ResendCode onResend={onResend} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend code' })));
    expect(screen.getByRole('button', { name: 'Code sent' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Code sent' }));
    expect(onResend).toHaveBeenCalledTimes(1);
    await act(async () => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: 'Code sent' })).toBeTruthy();
    await act(async () => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
  });

  it('returns to its first state with the reason when resending fails', async () => {
    render(<ResendCode onResend={async () => 'Too many requests: try again in 109 seconds.'} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Resend code' })));
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeTruthy();
    expect(
      screen.getByText('The code could not be resent. Too many requests: try again in 109 seconds.'),
    ).toBeTruthy();
  });
});

describe('countdown format', () => {
  it('writes m:ss', () => {
    expect(formatMinutes(300)).toBe('5:00');
    expect(formatMinutes(65)).toBe('1:05');
    expect(formatMinutes(9)).toBe('0:09');
  });
});
