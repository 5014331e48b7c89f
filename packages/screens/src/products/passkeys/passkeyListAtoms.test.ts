import { createStore } from 'jotai';
import { describe, expect, it } from 'vitest';
import {
  passkeysAtom,
  removePasskeyAtom,
  renamePasskeyAtom,
  restorePasskeyAtom,
  setPasskeysAtom,
} from './passkeyListAtoms';
import { passkey } from '../../test/passkeys/registrationFixtures';

const ids = (store: ReturnType<typeof createStore>) =>
  store.get(passkeysAtom)?.map((p) => `${p.webauthn_registration_id}:${p.name}`);

describe('passkey list state', () => {
  it('removes and restores a passkey at its place, once', () => {
    const store = createStore();
    expect(store.get(passkeysAtom)).toBeNull();
    store.set(setPasskeysAtom, [passkey('a', 'A'), passkey('b', 'B'), passkey('c', 'C')]);
    const removed = store.set(removePasskeyAtom, 'b');
    expect(ids(store)).toEqual(['a:A', 'c:C']);
    expect(store.set(removePasskeyAtom, 'zz')).toBeNull();
    if (!removed) throw new Error('b was not removed');
    store.set(restorePasskeyAtom, removed);
    store.set(restorePasskeyAtom, removed);
    expect(ids(store)).toEqual(['a:A', 'b:B', 'c:C']);
  });

  it('undoes a rename only while the name is still the one it set', () => {
    const store = createStore();
    store.set(setPasskeysAtom, [passkey('a', 'A')]);
    store.set(renamePasskeyAtom, { id: 'a', name: 'First' });
    store.set(renamePasskeyAtom, { id: 'a', name: 'Second' });
    store.set(renamePasskeyAtom, { id: 'a', name: 'A', from: 'First' });
    expect(ids(store)).toEqual(['a:Second']);
    store.set(renamePasskeyAtom, { id: 'a', name: 'A', from: 'Second' });
    expect(ids(store)).toEqual(['a:A']);
  });
});
