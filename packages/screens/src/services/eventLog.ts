import type { EventLogEntry } from '@latch/api';

/** Names of the entries the widget writes to the provider's event log (not the host's `onEvent` events). */
export type EventLogName =
  | 'sdk_instance_instantiated'
  | 'render_login_screen'
  | 'render_idp_screen'
  | 'email_sent'
  | 'email_try_again_clicked';

export interface EventLogger {
  log(name: EventLogName, details: Record<string, unknown>): void;
  flush(): void;
}

export interface EventLoggerOptions {
  publicToken: string;
  send: (entries: EventLogEntry[]) => Promise<unknown>;
  telemetry?: Record<string, unknown>;
  /** Stytch's batching: at most this many entries wait, and none waits longer than `delayMs`. */
  maxBatch?: number;
  delayMs?: number;
}

/** Batches event-log entries for `POST /sdk/v1/events`; a failed send is dropped, never retried. */
export function createEventLogger(options: EventLoggerOptions): EventLogger {
  const { maxBatch = 15, delayMs = 800 } = options;
  let queue: EventLogEntry[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;

  const flush = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    options.send(batch).catch(() => undefined);
  };

  return {
    log(name, details) {
      queue.push({
        telemetry: options.telemetry ?? {},
        event: { public_token: options.publicToken, event_name: name, details },
      });
      if (queue.length >= maxBatch) flush();
      else timer ??= setTimeout(flush, delayMs);
    },
    flush,
  };
}
