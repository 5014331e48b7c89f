import { createContext } from 'react';
import type { LatchClient } from '@latch/loader';
import type { SessionStore } from './sessionStore';

export interface LatchContextValue {
  /** Null while rendering on the server: the client exists in the browser only. */
  client: LatchClient | null;
  store: SessionStore | null;
}

export const LatchContext = createContext<LatchContextValue | null>(null);
