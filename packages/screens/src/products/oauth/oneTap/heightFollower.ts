/** The embedded prompt's height before it reports one (SPEC: 47 px). */
export const ONE_TAP_HEIGHT = 47;
export const RESIZE_DEBOUNCE_MS = 100;

/**
 * Follows the embedded prompt's height. Google's prompt settles through several heights while it
 * loads, so the first two changes wait 100 ms and are dropped when a newer one comes; later ones
 * apply at once. A height of 0 (the prompt gone, or shown by the browser instead) keeps the last.
 */
export function heightFollower(apply: (height: number) => void, delayMs = RESIZE_DEBOUNCE_MS) {
  let seen = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    resized(height: number) {
      clearTimeout(timer);
      timer = undefined;
      const update = () => {
        if (height > 0) apply(height);
      };
      if (seen > 1) update();
      else timer = setTimeout(update, delayMs);
      seen += 1;
    },
    stop() {
      clearTimeout(timer);
    },
  };
}
