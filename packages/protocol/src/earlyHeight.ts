// The height of a server-drawn frame, told to the host page before the frame's scripts run. The
// frame document's inline script (written by the provider) posts it to its parent with the host's
// exact origin as the target; loader.js accepts it only from that iframe's window and the auth
// origin, until the channel is up and `resize` takes over.
import { isPlainObject } from '@latch/api';

/** Frame → host: `{ type: EARLY_HEIGHT, height }`, the height of `#root` in CSS pixels. */
export const EARLY_HEIGHT = 'latch:early-height';
/**
 * A DOM event the frame dispatches on its own window once its channel to the host is up: the
 * early-height script stops observing `#root`, since the channel's `resize` reports from then on.
 */
export const EARLY_HEIGHT_STOP = 'latch:early-height-stop';
/** The same bound as `resize`: a larger height is refused. */
export const MAX_FRAME_HEIGHT = 100_000;

/** The height in an early-height message, or null when the data is anything else. */
export function readEarlyHeight(data: unknown): number | null {
  if (!isPlainObject(data) || data['type'] !== EARLY_HEIGHT) return null;
  const height = data['height'];
  return typeof height === 'number' && Number.isFinite(height) && height >= 0 && height <= MAX_FRAME_HEIGHT
    ? height
    : null;
}
