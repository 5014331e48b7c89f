import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/Button';
import { ErrorText } from '../../components/ErrorText';
import { useEarlyInput } from '../../hooks/useEarlyInput';
import { useInFlight } from '../../hooks/useInFlight';
import { usePasskeyAutofill } from '../../products/passkeys/usePasskeyAutofill';
import { useT } from '../../strings/StringsContext';
import { useEmailSubmit, type EmailMode } from './useEmailSubmit';
import { isEmail } from './validateEmail';

/** The email field for magic links or email passcodes (its validation messages differ by mode). */
export function EmailForm({ mode }: { mode: EmailMode }) {
  const t = useT();
  const id = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useInFlight();
  const submit = useEmailSubmit(mode);
  // With passkeys, the browser may offer them in this field's autofill (conditional mediation).
  const passkey = usePasskeyAutofill();
  // Typed or autofilled into the server-rendered field before hydration.
  const early = useEarlyInput((values) => {
    const typed = values.get('email');
    if (typed !== undefined) setEmail(typed);
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setError(t('formField.required'));
    if (!isEmail(value))
      return setError(t(mode === 'otp' ? 'validation.email.otp' : 'validation.email.format'));
    setError('');
    passkey.pause();
    void run(async () => {
      const message = await submit(value);
      setError(message);
      if (message) passkey.resume();
    });
  };

  return (
    <form className="latch-form" noValidate onSubmit={onSubmit} {...early}>
      <label className="latch-label" htmlFor={`${id}-email`}>
        {t('formField.email.label')}
      </label>
      <input
        id={`${id}-email`}
        className="latch-input"
        type="email"
        name="email"
        autoComplete={passkey.autoComplete}
        required
        placeholder={t('formField.email.placeholder')}
        value={email}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setEmail(e.target.value)}
      />
      <ErrorText id={`${id}-error`} text={error} />
      <Button type="submit" busy={busy}>
        {t('button.continueWithEmail')}
      </Button>
    </form>
  );
}
