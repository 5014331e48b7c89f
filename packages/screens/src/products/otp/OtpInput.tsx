import { useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useT } from '../../strings/StringsContext';

export interface OtpInputProps {
  length: number;
  value: string;
  disabled: boolean;
  onChange: (digits: string) => void;
  /** Called once the last box is filled (SPEC.md section 5: auto-submit at 6 digits). */
  onComplete: (code: string) => void;
}

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/** Six single-digit boxes; typing, autofill and paste all go through one digits string. */
export function OtpInput({ length, value, disabled, onChange, onComplete }: OtpInputProps) {
  const t = useT();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);

  const set = (next: string) => {
    const code = next.slice(0, length);
    onChange(code);
    boxes.current[Math.min(code.length, length - 1)]?.focus();
    if (code.length === length) onComplete(code);
  };

  const onInput = (index: number, typed: string) => {
    let digits = digitsOnly(typed);
    const old = value[index];
    // Typing into a filled box: keep the new digit, whichever side of the old one it landed.
    if (old !== undefined && digits.length === 2)
      digits = digits[0] === old ? digits.slice(1) : digits.slice(0, 1);
    if (!digits) return;
    // A box receiving several digits (autofill, a fast typist) fills the following boxes.
    set(value.slice(0, index) + digits);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Backspace') return;
    event.preventDefault();
    const cut = value[index] === undefined ? index - 1 : index;
    if (cut < 0) return;
    onChange(value.slice(0, cut));
    boxes.current[cut]?.focus();
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const digits = digitsOnly(event.clipboardData.getData('text'));
    if (digits) set(digits);
  };

  return (
    <div className="latch-otp" role="group" aria-label={t('passcode.inputLabel')}>
      {Array.from({ length }, (_, index) => (
        <input
          key={index}
          ref={(el) => {
            boxes.current[index] = el;
          }}
          className="latch-otp-box"
          type="text"
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          aria-label={t('passcode.digitLabel', { index: index + 1, count: length })}
          value={value[index] ?? ''}
          disabled={disabled}
          onChange={(e) => onInput(index, e.target.value)}
          onKeyDown={(e) => onKeyDown(index, e)}
          onPaste={onPaste}
          onFocus={(e) => e.target.select()}
        />
      ))}
    </div>
  );
}
