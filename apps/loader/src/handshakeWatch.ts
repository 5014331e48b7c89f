import type { WidgetError } from '@latch/protocol';

/** Decides once whether a mount never connected; only the frame's answer or `stop()` silences it. */
export interface HandshakeWatch {
  /** The frame answered: no refusal is reported from now on. */
  answered(): void;
  /** The channel gave up: explain the refusal now. */
  failed(): void;
  stop(): void;
}

/**
 * Exactly one refusal per mount that never connects: `explain` runs at most once, after the channel
 * fails or `graceMs` after the iframe loaded, and `refused` gets its answer unless the
 * frame answered or the watch stopped meanwhile.
 */
export function watchHandshake(
  iframe: HTMLIFrameElement,
  graceMs: number,
  explain: () => Promise<WidgetError>,
  refused: (error: WidgetError) => void,
): HandshakeWatch {
  let answered = false;
  let diagnosed = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const diagnose = async () => {
    if (answered || diagnosed || stopped) return;
    diagnosed = true;
    const error = await explain();
    if (!answered && !stopped) refused(error);
  };
  const onLoad = () => {
    if (!answered && timer === undefined) timer = setTimeout(() => void diagnose(), graceMs);
  };
  iframe.addEventListener('load', onLoad);

  return {
    answered() {
      answered = true;
    },
    failed: () => void diagnose(),
    stop() {
      stopped = true;
      clearTimeout(timer);
      iframe.removeEventListener('load', onLoad);
    },
  };
}
