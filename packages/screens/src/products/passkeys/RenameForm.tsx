import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ErrorText } from '../../components/ErrorText';
import { useT } from '../../strings/StringsContext';

export interface RenameFormProps {
  name: string;
  onSave: (name: string) => void;
  onCancel: () => void;
}

/** A passkey's name in edit mode: Save or Cancel (Escape cancels too). */
export function RenameForm({ name, onSave, onCancel }: RenameFormProps) {
  const t = useT();
  const id = useId();
  const [draft, setDraft] = useState(name);
  const [error, setError] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = draft.trim();
    if (!value) return setError(t('formField.required'));
    onSave(value);
  };

  return (
    <form className="latch-passkey-rename" noValidate onSubmit={submit}>
      <label className="latch-visually-hidden" htmlFor={`${id}-name`}>
        {t('passkey.nameLabel')}
      </label>
      <input
        ref={input}
        id={`${id}-name`}
        className="latch-input"
        type="text"
        autoComplete="off"
        maxLength={200}
        required
        value={draft}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          // Handled here: the frame must not also relay this Escape to the host.
          e.preventDefault();
          onCancel();
        }}
      />
      <ErrorText id={`${id}-error`} text={error} />
      <div className="latch-passkey-actions">
        <button type="submit" className="latch-link-button">
          {t('passkey.save')}
        </button>
        <button type="button" className="latch-link-button" onClick={onCancel}>
          {t('passkey.cancel')}
        </button>
      </div>
    </form>
  );
}
