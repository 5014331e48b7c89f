interface Timer {
  remaining: number;
  startedAt: number;
  handle: ReturnType<typeof setTimeout> | null;
}

export interface ToastTimers {
  /** Starts a toast's countdown; it is dismissed when `ms` of unpaused time have passed. */
  start(id: string, ms: number): void;
  /** Forgets a toast closed some other way (close button, replaced). */
  forget(id: string): void;
  /** Holds every countdown, e.g. while the pointer is over the toasts. */
  pause(): void;
  resume(): void;
  /** Stops everything (the toast layer unmounts). */
  stop(): void;
}

/**
 * Toast lifetimes on the page's own `setTimeout`/`Date` rather than react-toastify's CSS-animation
 * timer: timers are what a test clock (and a throttled background tab) actually drive, so a toast
 * leaves after its duration of page time, and hovering pauses all of them like a toaster should.
 */
export function createToastTimers(dismiss: (id: string) => void): ToastTimers {
  const timers = new Map<string, Timer>();
  let paused = false;

  const arm = (id: string, timer: Timer) => {
    timer.startedAt = Date.now();
    timer.handle = setTimeout(() => {
      timers.delete(id);
      dismiss(id);
    }, timer.remaining);
  };
  const disarm = (timer: Timer) => {
    if (timer.handle === null) return;
    clearTimeout(timer.handle);
    timer.handle = null;
    timer.remaining = Math.max(0, timer.remaining - (Date.now() - timer.startedAt));
  };

  return {
    start(id, ms) {
      const existing = timers.get(id);
      if (existing) disarm(existing);
      const timer: Timer = { remaining: ms, startedAt: 0, handle: null };
      timers.set(id, timer);
      if (!paused) arm(id, timer);
    },
    forget(id) {
      const timer = timers.get(id);
      if (timer) disarm(timer);
      timers.delete(id);
    },
    pause() {
      if (paused) return;
      paused = true;
      timers.forEach(disarm);
    },
    resume() {
      if (!paused) return;
      paused = false;
      timers.forEach((timer, id) => arm(id, timer));
    },
    stop() {
      timers.forEach(disarm);
      timers.clear();
    },
  };
}
