import { useEffect, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useT } from '../../strings/StringsContext';

export interface OtpInputProps {
  length: number;
  value: string;
  disabled: boolean;
  onChange: (digits: string) => void;
  /** Called once the last box is filled (auto-submit at 6 digits). */
  onComplete: (code: string) => void;
  /** Set while an error about the code is shown; `describedBy` is that error's id. */
  invalid?: boolean;
  describedBy?: string;
}

const digitsOnly = (text: string) => text.replace(/\D/g, '');

/**
 * Six single-digit boxes in one labelled group; typing, autofill and paste all go through one
 * digits string. Arrow keys, Home and End move between the filled boxes; Backspace deletes back.
 */
export function OtpInput({
  length,
  value,
  disabled,
  onChange,
  onComplete,
  invalid = false,
  describedBy,
}: OtpInputProps) {
  const t = useT();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(index, length - 1))]?.focus();

  // A failed verification empties the code and re-enables the boxes: put the visitor back in box 1.
  const wasDisabled = useRef(disabled);
  useEffect(() => {
    if (wasDisabled.current && !disabled && value === '') boxes.current[0]?.focus();
    wasDisabled.current = disabled;
  }, [disabled, value]);

  const set = (next: string, focusAt = next.length) => {
    const code = next.slice(0, length);
    onChange(code);
    focusBox(Math.min(focusAt, code.length));
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
    set(value.slice(0, index) + digits + value.slice(index + digits.length), index + digits.length);
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    // Boxes after the first empty one cannot hold a digit yet, so focus stops there.
    const lastReachable = Math.min(value.length, length - 1);
    const target = {
      ArrowLeft: index - 1,
      ArrowRight: Math.min(index + 1, lastReachable),
      Home: 0,
      End: lastReachable,
    }[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusBox(target);
      return;
    }
    if (event.key !== 'Backspace') return;
    event.preventDefault();
    const cut = value[index] === undefined ? index - 1 : index;
    if (cut < 0) return;
    onChange(value.slice(0, cut) + value.slice(cut + 1));
    focusBox(cut);
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
          aria-invalid={invalid ? true : undefined}
          aria-describedby={invalid && describedBy ? describedBy : undefined}
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
