import { MESSAGE_STATES, type MessageState, type OutboxMessage } from '../../delivery/outbox';
import { listOutbox } from '../../delivery/outboxAdmin';
import { EXIT, type Command } from '../Command';
import { withDatabase } from '../withDatabase';

const DEFAULT_LIMIT = 50;
const MAX_LIMIT = 10_000;

const isState = (value: string): value is MessageState =>
  (MESSAGE_STATES as readonly string[]).includes(value);

const iso = (at: Date | null): string => (at ? new Date(at).toISOString() : '-');

/** One message a line, tab-separated: what a script greps and `cut`s. */
const line = (m: OutboxMessage): string =>
  [
    m.message_id,
    m.state,
    m.channel,
    m.recipient,
    String(m.attempts),
    iso(m.created_at),
    iso(m.state === 'sent' ? m.sent_at : m.next_attempt_at),
    (m.error ?? '').replace(/\s+/g, ' ').slice(0, 200),
  ].join('\t');

/** `latch outbox list`: the newest messages and where each is. */
export const outboxListCommand: Command = {
  words: ['outbox', 'list'],
  summary: 'list the newest outbox messages with their state, attempts and last error',
  usage: '[--state STATE] [--limit N]',
  help: {
    state: `only messages in this state: ${MESSAGE_STATES.join(', ')}`,
    limit: `how many, newest first (default ${DEFAULT_LIMIT})`,
  },
  options: { state: { type: 'string' }, limit: { type: 'string' } },
  async run({ values }, io) {
    const state = typeof values.state === 'string' ? values.state : undefined;
    if (state !== undefined && !isState(state)) {
      io.err(
        `latch outbox list: --state ${JSON.stringify(state)} is not one of ${MESSAGE_STATES.join(', ')}`,
      );
      return EXIT.usage;
    }
    const limit = Number(values.limit ?? DEFAULT_LIMIT);
    if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT) {
      io.err(`latch outbox list: --limit must be a whole number from 1 to ${MAX_LIMIT}`);
      return EXIT.usage;
    }
    const messages = await withDatabase(io, (db) => listOutbox(db, { state, limit }));
    io.out('message_id\tstate\tchannel\tto\tattempts\tcreated_at\tsent_or_next_at\terror');
    for (const m of messages) io.out(line(m));
    return EXIT.ok;
  },
};
