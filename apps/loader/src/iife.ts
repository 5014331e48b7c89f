import { createLatchClient, type LatchClient } from './createClient';
import { declareElements } from './declaredElements';
import { lazyConnect } from './lazyConnect';
import type { ClientOptions } from './types';

// Captured while the script evaluates: `currentScript` is null afterwards. No preconnect: the page
// has just fetched this script from that origin, and the connection is open.
const script = document.currentScript;
const scriptOrigin =
  script instanceof HTMLScriptElement && script.src ? new URL(script.src).origin : location.origin;

/**
 * The channel and the session manager are separate modules on the auth origin (built beside this
 * file), fetched when a frame mounts or a session is in play: most pages need neither.
 */
const fromAuthOrigin = (file: string) => (authOrigin: string) =>
  import(/* @vite-ignore */ `${authOrigin}/${file}`);
const connect = lazyConnect(fromAuthOrigin('loader-channel.js'));
const loadSession = fromAuthOrigin('loader-session.js');

/** `Latch.createClient(publicToken, options?)`. */
export function createClient(publicToken: string, options: ClientOptions = {}): LatchClient {
  return createLatchClient(publicToken, options, { scriptOrigin, connect, loadSession });
}

// Elements written in the page mount once the script has run (docs/embed.md, elements in HTML).
declareElements(createClient);
