import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button } from '../../components/Button';
import { ErrorText } from '../../components/ErrorText';
import { useInFlight } from '../../hooks/useInFlight';
import { useT } from '../../strings/StringsContext';
import { PasswordInput } from './PasswordInput';

export interface LoginPasswordFormProps {
  onSubmit: (password: string) => Promise<string>;
  onForgot: () => Promise<string>;
  children?: ReactNode;
}

/** Log in: the current password, 'Forgot Password?' and Continue. */
export function LoginPasswordForm({ onSubmit, onForgot, children }: LoginPasswordFormProps) {
  const t = useT();
  const id = useId();
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const { busy, run } = useInFlight();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('formField.required'));
    void run(async () => setError(await onSubmit(password)));
  };
  const forgot = () => void run(async () => setError(await onForgot()));

  return (
    <form className="latch-form" noValidate onSubmit={submit}>
      {children}
      <PasswordInput
        id={`${id}-password`}
        label={t('formField.password.label')}
        value={password}
        autoComplete="current-password"
        describedBy={error ? `${id}-error` : ''}
        invalid={Boolean(error)}
        onChange={(value) => {
          setPassword(value);
          setError('');
        }}
      />
      <ErrorText id={`${id}-error`} text={error} />
      <button type="button" className="latch-link-button latch-forgot" onClick={forgot} aria-disabled={busy}>
        {t('password.forgotLink')}
      </button>
      <Button type="submit" busy={busy}>
        {t('button.continue')}
      </Button>
    </form>
  );
}
