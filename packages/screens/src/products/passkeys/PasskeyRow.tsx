import { useT } from '../../strings/StringsContext';
import { RenameForm } from './RenameForm';
import type { RowMode } from './usePasskeyList';

export interface PasskeyRowProps {
  id: string;
  /** The name shown; a fallback when the passkey has none. */
  label: string;
  /** The stored name, edited in place. */
  name: string;
  mode: RowMode;
  onMode: (mode: RowMode) => void;
  onSave: (id: string, name: string) => void;
}

/** One passkey: its name with Rename and Delete, or the rename form while it is edited. */
export function PasskeyRow({ id, label, name, mode, onMode, onSave }: PasskeyRowProps) {
  const t = useT();
  const editing = mode.type === 'editing' && mode.id === id;
  const deleting = mode.type === 'deleting' && mode.id === id;
  const busyElsewhere = mode.type !== 'viewing' && mode.id !== id;
  const viewing = () => onMode({ type: 'viewing' });
  return (
    <li className={deleting ? 'latch-passkey-row latch-passkey-row-deleting' : 'latch-passkey-row'}>
      {editing ? (
        <RenameForm name={name || label} onSave={(value) => onSave(id, value)} onCancel={viewing} />
      ) : (
        <>
          <span className="latch-passkey-name">{label}</span>
          {mode.type !== 'deleting' && (
            <span className="latch-passkey-actions">
              <button
                type="button"
                className="latch-link-button"
                data-passkey-id={id}
                data-passkey-action="rename"
                aria-label={t('passkey.renameItem', { name: label })}
                disabled={busyElsewhere}
                onClick={() => onMode({ type: 'editing', id })}
              >
                {t('passkey.rename')}
              </button>
              <button
                type="button"
                className="latch-link-button"
                data-passkey-id={id}
                data-passkey-action="delete"
                aria-label={t('passkey.deleteItem', { name: label })}
                disabled={busyElsewhere}
                onClick={() => onMode({ type: 'deleting', id })}
              >
                {t('passkey.delete')}
              </button>
            </span>
          )}
        </>
      )}
    </li>
  );
}
