import { useAtomValue, useSetAtom } from 'jotai';
import { useState } from 'react';
import { describeError } from '../../errors/errorMessage';
import { useServices } from '../../services/ServicesContext';
import { useT } from '../../strings/StringsContext';
import { useToast } from '../../toast/useToast';
import { passkeysAtom, removePasskeyAtom, renamePasskeyAtom, restorePasskeyAtom } from './passkeyListAtoms';

/** One row at a time is renamed or awaiting a delete confirmation. */
export type RowMode =
  { type: 'viewing' } | { type: 'editing'; id: string } | { type: 'deleting'; id: string };

/**
 * PasskeyRegistrationSuccess's logic. Rename and delete change the list at once; a refused call
 * puts the passkey back and shows an error toast.
 */
export function usePasskeyList() {
  const t = useT();
  const { api, host } = useServices();
  const passkeys = useAtomValue(passkeysAtom) ?? [];
  const rename = useSetAtom(renamePasskeyAtom);
  const remove = useSetAtom(removePasskeyAtom);
  const restore = useSetAtom(restorePasskeyAtom);
  const toast = useToast();
  const [mode, setMode] = useState<RowMode>({ type: 'viewing' });
  const [savingNames, setSavingNames] = useState(0);

  const fail = (error: unknown) => {
    const described = describeError(error, t);
    toast('error', described.message);
    void host.reportError(described).catch(() => undefined);
  };

  const saveName = (id: string, name: string) => {
    const before = passkeys.find((p) => p.webauthn_registration_id === id);
    setMode({ type: 'viewing' });
    if (!before || before.name === name) return;
    rename({ id, name });
    setSavingNames((n) => n + 1);
    api
      .callPath('PUT /webauthn/update/{webauthn_registration_id}', { webauthn_registration_id: id }, { name })
      .catch((error: unknown) => {
        rename({ id, name: before.name, from: name });
        fail(error);
      })
      .finally(() => setSavingNames((n) => n - 1));
  };

  const confirmDelete = () => {
    if (mode.type !== 'deleting') return;
    setMode({ type: 'viewing' });
    const removed = remove(mode.id);
    if (!removed) return;
    api
      .callPath(
        'DELETE /users/webauthn_registrations/{webauthn_registration_id}',
        { webauthn_registration_id: mode.id },
        undefined,
      )
      .catch((error: unknown) => {
        restore(removed);
        fail(error);
      });
  };

  return {
    passkeys,
    mode,
    setMode,
    saveName,
    confirmDelete,
    /** 'Set up another Passkey' and 'Done' wait while a name is edited or being saved. */
    renaming: mode.type === 'editing' || savingNames > 0,
  };
}
