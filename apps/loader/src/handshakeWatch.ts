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

export interface HandshakeWaits {
  graceMs: number;
  drawnGraceMs: number;
  /** Reported for a frame the provider lets in that still never answers. */
  unanswered: WidgetError;
}

/**
 * Exactly one refusal per mount that never connects: `explain` runs after the channel fails or a
 * grace period after the iframe loaded (`graceMs`, or `drawnGraceMs` for a frame that reported its
 * drawn height), and `refused` gets its answer unless the frame answered or the watch stopped
 * meanwhile. An explanation of null means the provider lets this page in: the frame is slow, not
 * refused, so it gets `drawnGraceMs` more before `unanswered` is reported (at once when the channel
 * itself failed, or when that longer wait is already over).
 */
export function watchHandshake(
  iframe: HTMLIFrameElement,
  { graceMs, drawnGraceMs, unanswered }: HandshakeWaits,
  explain: () => Promise<WidgetError | null>,
  refused: (error: WidgetError) => void,
): HandshakeWatch {
  let answered = false;
  let diagnosed = false;
  let stopped = false;
  let drawn = false;
  // The next "not refused" is reported as unanswered: the channel failed, which no wait mends, or
  // the frame is already on (or past) the longer wait.
  let lastChance = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const diagnoseIn = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => void diagnose(), ms);
  };

  const diagnose = async () => {
    if (answered || diagnosed || stopped) return;
    diagnosed = true;
    const refusal = await explain();
    if (answered || stopped) return;
    if (refusal) return refused(refusal);
    if (lastChance) return refused(unanswered);
    // A busy device or a slow network: hiding a healthy frame here, and calling it an error, would
    // take the widget away from the visitor while it is still arriving.
    lastChance = true;
    diagnosed = false;
    diagnoseIn(drawnGraceMs);
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
      lastChance = true;
      // Already loaded and waiting: the longer wait, from now.
      if (timer !== undefined && !diagnosed && !answered && !stopped) diagnoseIn(drawnGraceMs);
    },
    failed() {
      lastChance = true;
      void diagnose();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      iframe.removeEventListener('load', onLoad);
    },
  };
}
