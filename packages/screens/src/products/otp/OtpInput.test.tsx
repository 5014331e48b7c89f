import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OtpInput } from './OtpInput';

afterEach(cleanup);

function Harness({
  onComplete,
  disabled = false,
}: {
  onComplete: (code: string) => void;
  disabled?: boolean;
}) {
  const [value, setValue] = useState('');
  return (
    <OtpInput length={6} value={value} disabled={disabled} onChange={setValue} onComplete={onComplete} />
  );
}

const box = (n: number) => screen.getByLabelText(`Digit ${n} of 6`) as HTMLInputElement;

describe('OtpInput', () => {
  it('takes digits only and moves along the boxes', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.change(box(1), { target: { value: 'a' } });
    expect(box(1).value).toBe('');
    fireEvent.change(box(1), { target: { value: '4' } });
    fireEvent.change(box(2), { target: { value: '2' } });
    expect([box(1).value, box(2).value]).toEqual(['4', '2']);
    expect(document.activeElement).toBe(box(3));
    expect(onComplete).not.toHaveBeenCalled();
  });

  it('fills every box from a paste and submits at six digits', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    fireEvent.paste(box(1), { clipboardData: { getData: () => ' 123-456 ' } });
    expect([1, 2, 3, 4, 5, 6].map((n) => box(n).value).join('')).toBe('123456');
    expect(onComplete).toHaveBeenCalledWith('123456');
  });

  it('spreads an autofilled code typed into one box and marks the first box for one-time codes', () => {
    const onComplete = vi.fn();
    render(<Harness onComplete={onComplete} />);
    expect(box(1).getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(box(1), { target: { value: '654321' } });
    expect(onComplete).toHaveBeenCalledWith('654321');
  });

  it('goes back a box on Backspace', () => {
    render(<Harness onComplete={vi.fn()} />);
    fireEvent.change(box(1), { target: { value: '12' } });
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect(box(2).value).toBe('');
    expect(document.activeElement).toBe(box(2));
  });

  it('moves between filled boxes with the arrow keys, Home and End, never past the first empty box', () => {
    render(<Harness onComplete={vi.fn()} />);
    fireEvent.change(box(1), { target: { value: '123' } });
    expect(document.activeElement).toBe(box(4));
    fireEvent.keyDown(box(4), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(box(4));
    fireEvent.keyDown(box(4), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'Home' });
    expect(document.activeElement).toBe(box(1));
    fireEvent.keyDown(box(1), { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(box(1));
    fireEvent.keyDown(box(1), { key: 'End' });
    expect(document.activeElement).toBe(box(4));
  });

  it('replaces one digit in the middle and deletes only the digit under the cursor', () => {
    render(<Harness onComplete={vi.fn()} />);
    fireEvent.change(box(1), { target: { value: '1234' } });
    fireEvent.change(box(2), { target: { value: '29' } });
    expect([1, 2, 3, 4].map((n) => box(n).value).join('')).toBe('1934');
    expect(document.activeElement).toBe(box(3));
    fireEvent.keyDown(box(3), { key: 'Backspace' });
    expect([1, 2, 3].map((n) => box(n).value).join('')).toBe('194');
    expect(document.activeElement).toBe(box(3));
  });

  it('is one labelled group whose boxes point at the error while it is shown', () => {
    const { rerender } = render(
      <OtpInput length={6} value="" disabled={false} onChange={vi.fn()} onComplete={vi.fn()} />,
    );
    expect(screen.getByRole('group', { name: 'One-time passcode' })).toBeTruthy();
    expect(box(1).getAttribute('aria-invalid')).toBeNull();
    rerender(
      <OtpInput
        length={6}
        value=""
        disabled={false}
        onChange={vi.fn()}
        onComplete={vi.fn()}
        invalid
        describedBy="err"
      />,
    );
    expect(box(1).getAttribute('aria-invalid')).toBe('true');
    expect(box(6).getAttribute('aria-describedby')).toBe('err');
  });

  it('puts focus back in the first box when a failed code re-enables the boxes', () => {
    const props = { length: 6, onChange: vi.fn(), onComplete: vi.fn() };
    const { rerender } = render(<OtpInput {...props} value="123456" disabled />);
    expect(document.activeElement).toBe(document.body);
    rerender(<OtpInput {...props} value="" disabled={false} />);
    expect(document.activeElement).toBe(box(1));
  });

  it('is disabled while verifying', () => {
    render(<Harness onComplete={vi.fn()} disabled />);
    expect(box(1).disabled).toBe(true);
  });
});
