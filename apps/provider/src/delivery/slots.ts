export interface Slots {
  /** Waits for a slot: true once it holds one, false when `signal` aborts first. */
  take(signal: AbortSignal): Promise<boolean>;
  /** Hands a held slot to the next waiter. */
  give(): void;
}

/** At most `size` holders at once; a waiter whose signal aborts leaves the line (`take` answers false). */
export function slots(size: number): Slots {
  let free = size;
  const waiting: (() => void)[] = [];
  return {
    take(signal: AbortSignal): Promise<boolean> {
      if (signal.aborted) return Promise.resolve(false);
      if (free > 0) {
        free--;
        return Promise.resolve(true);
      }
      return new Promise<boolean>((resolve) => {
        const leave = (): void => {
          const at = waiting.indexOf(grant);
          if (at >= 0) waiting.splice(at, 1);
          resolve(false);
        };
        const grant = (): void => {
          signal.removeEventListener('abort', leave);
          resolve(true);
        };
        waiting.push(grant);
        signal.addEventListener('abort', leave, { once: true });
      });
    },
    give(): void {
      const next = waiting.shift();
      if (next) next();
      else free++;
    },
  };
}
