import { createLatchClient, type LatchClient } from './createClient';
import { declareElements } from './declaredElements';
import { connectFrameWith } from './penpalConnect';
import { preconnect } from './preconnect';
import * as sessionModule from './sessionModule';
import * as walletModule from './walletModule';
import type { ClientOptions } from './types';

// The ESM build is served from the auth origin, so its own URL names it.
const scriptOrigin = new URL(import.meta.url).origin;
// Server-side rendering imports this module in Node, where there is no document to warm.
if (typeof document === 'object') preconnect(scriptOrigin);

// The module build is one file: the channel and the session module are bundled, not fetched.
const loadSession = () => Promise.resolve(sessionModule);
const connectFrame = connectFrameWith(() => Promise.resolve(walletModule));

/** Creates a Latch client for a project's public token. */
export function createClient(publicToken: string, options: ClientOptions = {}): LatchClient {
  return createLatchClient(publicToken, options, { scriptOrigin, connect: connectFrame, loadSession });
}

// Elements written in the page mount once this module has run; a server has no elements to define.
if (typeof customElements === 'object') declareElements(createClient);

export type { LatchClient } from './createClient';
export type * from './types';
export type { HostSession, CookieOptions, SessionState } from '@latch/session';
export type { Session, User, AuthenticateResponse } from '@latch/api';
export type {
  LoginConfig,
  StylesInput,
  StringId,
  StringOverrides,
  WidgetError,
  WidgetEvent,
  EventType,
} from '@latch/protocol';
