import type { LatchClient, Session, User } from '@latch/loader';

/** What `useLatchSession()` answers. */
export interface LatchSessionState {
  /** The signed-in visitor's session, or null. */
  session: Session | null;
  /** The signed-in user, or null. */
  user: User | null;
  /** False while rendering on the server and during hydration; true once the browser's state is read. */
  isInitialized: boolean;
}

export interface SessionStore {
  subscribe(onStoreChange: () => void): () => void;
  getSnapshot(): LatchSessionState;
}

/** Before the browser has been read: the server's render and the hydrating client's agree on it. */
export const UNINITIALIZED: LatchSessionState = Object.freeze({
  session: null,
  user: null,
  isInitialized: false,
});

/**
 * The client's session as a `useSyncExternalStore` source. `getInfo()` may parse storage afresh
 * on each call, so the snapshot is kept and replaced only when the state really differs: React
 * compares snapshots by reference and would otherwise render forever.
 */
export function createSessionStore(client: LatchClient): SessionStore {
  let key = '';
  let snapshot: LatchSessionState = UNINITIALIZED;
  const read = (): LatchSessionState => {
    const info = client.session.getInfo();
    const next = JSON.stringify(info);
    if (next !== key || snapshot === UNINITIALIZED) {
      key = next;
      snapshot = { session: info?.session ?? null, user: info?.user ?? null, isInitialized: true };
    }
    return snapshot;
  };
  return {
    subscribe: (onStoreChange) => client.session.onChange(onStoreChange),
    getSnapshot: read,
  };
}
