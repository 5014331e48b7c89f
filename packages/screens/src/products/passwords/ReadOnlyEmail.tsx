import { useId } from 'react';
import { useT } from '../../strings/StringsContext';

/** The stored email, read-only; also the username password managers save. */
export function ReadOnlyEmail({ email }: { email: string }) {
  const t = useT();
  const id = useId();
  return (
    <>
      <label className="latch-label" htmlFor={id}>
        {t('formField.email.label')}
      </label>
      <input
        id={id}
        className="latch-input"
        type="email"
        name="username"
        autoComplete="username"
        readOnly
        value={email}
      />
    </>
  );
}
