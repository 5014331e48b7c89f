import { useContext, useSyncExternalStore } from 'react';
import type { LatchClient } from '@latch/loader';
import { LatchContext, type LatchContextValue } from './context';
import { UNINITIALIZED, type LatchSessionState } from './sessionStore';

function useLatchContext(hook: string): LatchContextValue {
  const value = useContext(LatchContext);
  if (!value) throw new Error(`Latch: ${hook} must be used inside <LatchProvider>.`);
  return value;
}

/** The Latch client; null while rendering on the server. */
export function useLatchClient(): LatchClient | null {
  return useLatchContext('useLatchClient()').client;
}

const never = () => () => {};
const uninitialized = () => UNINITIALIZED;

/**
 * The signed-in user and session, re-rendering when they change (a sign-in in the widget, a
 * sign-out, another tab). On the server and while hydrating, `isInitialized` is false.
 */
export function useLatchSession(): LatchSessionState {
  const { store } = useLatchContext('useLatchSession()');
  return useSyncExternalStore(store?.subscribe ?? never, store?.getSnapshot ?? uninitialized, uninitialized);
}
