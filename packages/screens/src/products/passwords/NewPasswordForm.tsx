import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { ErrorText } from '../../components/ErrorText';
import { useInFlight } from '../../hooks/useInFlight';
import { useT } from '../../strings/StringsContext';
import { PasswordInput } from './PasswordInput';
import { StrengthFeedback } from './StrengthFeedback';
import { useStrengthCheck } from './useStrengthCheck';

export interface NewPasswordFormProps {
  label: string;
  /** Sent with the strength check so the email itself counts as guessable. */
  email?: string;
  /** Resolves to an error text, or '' once the flow has moved on. */
  onSubmit: (password: string) => Promise<string>;
  /** Shown at the top of the form (the read-only email, for password managers). */
  children?: ReactNode;
}

/** Create and reset: a new password, its strength feedback, Continue once the provider says valid. */
export function NewPasswordForm({ label, email, onSubmit, children }: NewPasswordFormProps) {
  const t = useT();
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const view = useStrengthCheck(password, email);
  const { busy, run } = useInFlight();
  const valid = view.current?.valid_password === true;
  const shownError = error || view.error;
  const describedBy = [shownError ? `${id}-error` : '', view.latest ? `${id}-strength` : '']
    .filter(Boolean)
    .join(' ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('formField.required'));
    if (!valid) return;
    void run(async () => setError(await onSubmit(password)));
  };

  return (
    <form className="latch-form" noValidate onSubmit={submit}>
      {children}
      <PasswordInput
        id={`${id}-password`}
        label={label}
        value={password}
        autoComplete="new-password"
        describedBy={describedBy}
        invalid={Boolean(shownError)}
        onChange={(value) => {
          setPassword(value);
          setError('');
        }}
      />
      <StrengthFeedback id={`${id}-strength`} view={view} />
      <ErrorText id={`${id}-error`} text={shownError} />
      <Button type="submit" busy={busy} disabled={!valid}>
        {t('button.continue')}
      </Button>
    </form>
  );
}
