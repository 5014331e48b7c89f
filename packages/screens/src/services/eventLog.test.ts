import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventLogEntry } from '@latch/api';
import { createEventLogger } from './eventLog';

describe('event log', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('batches entries and sends them after the delay', () => {
    const sent: EventLogEntry[][] = [];
    const log = createEventLogger({ publicToken: 'pt', send: async (e) => sent.push(e) });
    log.log('email_sent', { email: 'a@b.co', type: 'login_or_create_eml' });
    log.log('render_login_screen', {});
    expect(sent).toEqual([]);
    vi.advanceTimersByTime(800);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.map((e) => e.event.event_name)).toEqual(['email_sent', 'render_login_screen']);
    expect(sent[0]?.[0]?.event.public_token).toBe('pt');
  });

  it('sends at once when the batch is full and swallows send failures', () => {
    const send = vi.fn(() => Promise.reject(new Error('offline')));
    const log = createEventLogger({ publicToken: 'pt', send, maxBatch: 2 });
    log.log('email_sent', {});
    log.log('email_sent', {});
    expect(send).toHaveBeenCalledTimes(1);
  });
});
