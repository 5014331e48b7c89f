import type { WidgetError } from '@latch/protocol';

/** Decides once whether a mount never connected; only the frame's answer or `stop()` silences it. */
export interface HandshakeWatch {
  /** The frame answered: no refusal is reported from now on. */
  answered(): void;
  /**
   * The frame's document is drawn (its early height report arrived): it was not refused, so once it
   * has loaded its scripts get `drawnGraceMs` instead of `graceMs` to answer.
   */
  drawn(): void;
  /** The channel gave up: explain the refusal now. */
  failed(): void;
  stop(): void;
}

/**
 * Exactly one refusal per mount that never connects: `explain` runs at most once, after the channel
 * fails or a grace period after the iframe loaded (`graceMs`, or `drawnGraceMs` for a frame that
 * reported its drawn height), and `refused` gets its answer unless the frame answered or the watch
 * stopped meanwhile.
 */
export function watchHandshake(
  iframe: HTMLIFrameElement,
  { graceMs, drawnGraceMs }: { graceMs: number; drawnGraceMs: number },
  explain: () => Promise<WidgetError>,
  refused: (error: WidgetError) => void,
): HandshakeWatch {
  let answered = false;
  let diagnosed = false;
  let stopped = false;
  let drawn = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const diagnoseIn = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void diagnose(), ms);
  };

  const diagnose = async () => {
    if (answered || diagnosed || stopped) return;
    diagnosed = true;
    const error = await explain();
    if (!answered && !stopped) refused(error);
  };
  const onLoad = () => {
    if (!answered && timer === undefined) diagnoseIn(drawn ? drawnGraceMs : graceMs);
  };
  iframe.addEventListener('load', onLoad);

  return {
    answered() {
      answered = true;
    },
    drawn() {
      if (drawn) return;
      drawn = true;
      // Already loaded and waiting: the longer wait, from now.
      if (timer !== undefined && !diagnosed && !answered && !stopped) diagnoseIn(drawnGraceMs);
    },
    failed: () => void diagnose(),
    stop() {
      stopped = true;
      clearTimeout(timer);
      iframe.removeEventListener('load', onLoad);
    },
  };
}
