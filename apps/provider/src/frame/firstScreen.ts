import { errorSummary } from '../http/errorSummary';
import type { Logger } from '../http/logger';
import { earlyHeightScript } from './earlyHeightScript';
import { loadRenderer, type FirstScreenRequest } from './firstScreenRenderer';

/** What the frame document gets from the server render. */
export interface FirstScreen {
  /** The widget's markup for `#root`. */
  html: string;
  /** Inline `<head>` script (sent with the document's nonce). */
  script: string;
  /** Inline script right after `#root` (nonce'd too): tells the host page the drawn height. */
  heightScript: string;
}

/** Rendered first screens kept, most recently used last; a page's mounts repeat the same few URLs. */
const CACHE_LIMIT = 500;
/** Longer frame URLs are rendered every time rather than kept. */
const MAX_CACHED_KEY = 16 * 1024;
const cache = new Map<string, Promise<string | null>>();

function cached(key: string, render: () => Promise<string | null>): Promise<string | null> {
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const result = render();
  if (key.length > MAX_CACHED_KEY) return result;
  cache.set(key, result);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value ?? '');
  // A render given up (e.g. timed out on a busy machine) is tried again by the next request.
  void result.then((html) => html === null && cache.get(key) === result && cache.delete(key));
  return result;
}

/**
 * The frame's first screen drawn on the server, or null: no renderer in the build, a mount it does
 * not draw, or a failure (logged). Null is never an error for the visitor: the document then comes
 * without it and the frame renders in the browser, as before server rendering.
 */
export async function firstScreen(
  frameDir: string,
  logger: Logger,
  request: FirstScreenRequest,
): Promise<FirstScreen | null> {
  const renderer = await loadRenderer(frameDir, logger);
  if (!renderer) return null;
  // Everything the markup depends on: the mount, its options and the project's boot data.
  const key = JSON.stringify([frameDir, request.kind, request.state, request.boot]);
  const html = await cached(key, async () => {
    try {
      return await renderer.renderFirstScreen(request);
    } catch (error) {
      logger.error({ kind: request.kind, error: errorSummary(error) }, 'frame server render failed');
      return null;
    }
  });
  return html === null
    ? null
    : {
        html,
        script: renderer.EARLY_SUBMIT_SCRIPT,
        heightScript: earlyHeightScript(request.boot.allowedOrigins),
      };
}
