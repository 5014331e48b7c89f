import { createLatchClient, type LatchClient } from './createClient';
import { connectFrame } from './penpalConnect';
import { preconnect } from './preconnect';
import type { ClientOptions } from './types';

// Captured while the script evaluates: `currentScript` is null afterwards.
const script = document.currentScript;
const scriptOrigin =
  script instanceof HTMLScriptElement && script.src ? new URL(script.src).origin : location.origin;
preconnect(scriptOrigin);

/** `Latch.createClient(publicToken, options?)`. */
export function createClient(publicToken: string, options: ClientOptions = {}): LatchClient {
  return createLatchClient(publicToken, options, { scriptOrigin, connect: connectFrame });
}
