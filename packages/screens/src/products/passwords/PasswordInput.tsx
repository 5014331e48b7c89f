import { useState } from 'react';
import { useT } from '../../strings/StringsContext';

export interface PasswordInputProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoComplete: 'current-password' | 'new-password';
  /** Ids of the error and feedback texts that describe this field. */
  describedBy: string;
  invalid: boolean;
}

/** A labelled password field with a show/hide button that says what it will do. */
export function PasswordInput({
  id,
  label,
  value,
  onChange,
  autoComplete,
  describedBy,
  invalid,
}: PasswordInputProps) {
  const t = useT();
  const [shown, setShown] = useState(false);
  return (
    <>
      <label className="latch-label" htmlFor={id}>
        {label}
      </label>
      <div className="latch-password-row">
        <input
          id={id}
          className="latch-input"
          type={shown ? 'text' : 'password'}
          name="password"
          autoComplete={autoComplete}
          autoCapitalize="off"
          spellCheck={false}
          required
          value={value}
          aria-invalid={invalid ? true : undefined}
          aria-describedby={describedBy || undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        <button
          type="button"
          className="latch-password-toggle"
          aria-controls={id}
          aria-label={t(shown ? 'password.hide' : 'password.show')}
          onClick={() => setShown((s) => !s)}
        >
          <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d={
                shown
                  ? 'M12 7a5 5 0 0 1 5 5c0 .65-.13 1.26-.36 1.83l2.92 2.92A11.8 11.8 0 0 0 22.99 12 11.83 11.83 0 0 0 12 4.5c-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7zM2 4.27l2.28 2.28.46.46A11.8 11.8 0 0 0 1 12a11.83 11.83 0 0 0 15.42 6.84l.42.42L19.73 22 21 20.73 3.27 3 2 4.27zM7.53 9.8l1.55 1.55A2.8 2.8 0 0 0 9 12a3 3 0 0 0 3 3c.22 0 .44-.03.65-.08l1.55 1.55A5 5 0 0 1 7.53 9.8zm4.31-.78 3.15 3.15.02-.16a3 3 0 0 0-3-3l-.17.01z'
                  : 'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5zM12 17a5 5 0 1 1 0-10 5 5 0 0 1 0 10zm0-8a3 3 0 1 0 0 6 3 3 0 0 0 0-6z'
              }
            />
          </svg>
        </button>
      </div>
    </>
  );
}
