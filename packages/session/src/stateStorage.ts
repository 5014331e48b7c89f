import { isPlainObject } from '@latch/api';
import type { SessionState } from './types';

/** localStorage key of the mirrored state (Stytch's name, so both SDKs read one place). */
export const stateKey = (publicToken: string): string => `stytch_sdk_state_${publicToken}`;

/** Checks the fields the host reads; the rest is the provider's data, passed on as is. */
function isSessionState(value: unknown): value is SessionState {
  if (!isPlainObject(value)) return false;
  const { user, session } = value;
  return (
    isPlainObject(user) &&
    isPlainObject(session) &&
    typeof user['user_id'] === 'string' &&
    typeof session['session_id'] === 'string' &&
    typeof session['expires_at'] === 'string'
  );
}

/** Parses a stored value defensively: anything that is not a `{user, session}` pair is `undefined` (ignored). */
export function parseState(raw: string | null): SessionState | null | undefined {
  if (raw === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return undefined;
  }
  if (value === null) return null;
  return isSessionState(value) ? value : undefined;
}

/** Equal ignoring `session.last_accessed_at`, which every refresh bumps (no notification churn). */
export function sameState(a: SessionState | null, b: SessionState | null): boolean {
  if (a === null || b === null) return a === b;
  const strip = (s: SessionState) =>
    JSON.stringify({ ...s, session: { ...s.session, last_accessed_at: '' } });
  return strip(a) === strip(b);
}

export interface StateStorage {
  read(): SessionState | null;
  write(state: SessionState | null): void;
  /** Follows other tabs: calls back with the new state, `null` when signed out there. */
  subscribe(listener: (state: SessionState | null) => void): () => void;
}

export function createStateStorage(publicToken: string, win: Window = window): StateStorage {
  const key = stateKey(publicToken);
  const storage = (): Storage | null => {
    try {
      return win.localStorage;
    } catch {
      return null; // Storage can be blocked (privacy settings); the session still works in memory.
    }
  };
  return {
    read: () => parseState(storage()?.getItem(key) ?? null) ?? null,
    write(state) {
      try {
        if (state === null) storage()?.removeItem(key);
        else storage()?.setItem(key, JSON.stringify(state));
      } catch {
        // Quota or blocked storage: other tabs will not follow, this tab still works.
      }
    },
    subscribe(listener) {
      const onStorage = (event: StorageEvent) => {
        if (event.key !== key || event.storageArea !== storage()) return;
        const state = parseState(event.newValue);
        if (state !== undefined) listener(state);
      };
      win.addEventListener('storage', onStorage);
      return () => win.removeEventListener('storage', onStorage);
    },
  };
}
