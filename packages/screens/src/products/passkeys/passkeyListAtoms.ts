import { atom } from 'jotai';
import type { WebAuthnRegistration } from '@latch/api';

/** The signed-in user's passkeys on the registration mount; `null` until the user is known. */
const passkeysBase = atom<WebAuthnRegistration[] | null>(null);

export interface RemovedPasskey {
  item: WebAuthnRegistration;
  index: number;
}

export const passkeysAtom = atom((get) => get(passkeysBase));

/** The list screen was reached by Skip, not by a new passkey: its title must not claim one. */
export const registrationSkippedAtom = atom(false);

export const setPasskeysAtom = atom(null, (_get, set, list: WebAuthnRegistration[]) =>
  set(passkeysBase, list),
);

/** Renames in place; with `from`, only while the name is still that (a later rename wins). */
export const renamePasskeyAtom = atom(
  null,
  (get, set, change: { id: string; name: string; from?: string }) => {
    const list = get(passkeysBase);
    if (!list) return;
    set(
      passkeysBase,
      list.map((p) =>
        p.webauthn_registration_id === change.id && (change.from === undefined || p.name === change.from)
          ? { ...p, name: change.name }
          : p,
      ),
    );
  },
);

export const removePasskeyAtom = atom(null, (get, set, id: string): RemovedPasskey | null => {
  const list = get(passkeysBase) ?? [];
  const index = list.findIndex((p) => p.webauthn_registration_id === id);
  const item = list[index];
  if (!item) return null;
  set(passkeysBase, [...list.slice(0, index), ...list.slice(index + 1)]);
  return { item, index };
});

/** Puts a passkey back where it was, after a delete the provider refused. */
export const restorePasskeyAtom = atom(null, (get, set, { item, index }: RemovedPasskey) => {
  const list = get(passkeysBase) ?? [];
  if (list.some((p) => p.webauthn_registration_id === item.webauthn_registration_id)) return;
  set(passkeysBase, [...list.slice(0, index), item, ...list.slice(index)]);
});
