import { messageState, retryMessages, RETRYABLE_STATES } from '../../delivery/outboxAdmin';
import { EXIT, type Command } from '../Command';
import { withDatabase } from '../withDatabase';

/** `latch outbox retry`: queues a failed (or held) message again, or every failed one. */
export const outboxRetryCommand: Command = {
  words: ['outbox', 'retry'],
  summary: 'queue a failed or held message again (by id), or every failed one (--failed)',
  usage: 'MESSAGE_ID | --failed',
  help: { failed: 'queue every failed message again' },
  options: { failed: { type: 'boolean' } },
  allowPositionals: true,
  async run({ values, positionals }, io) {
    const all = values.failed === true;
    if (all === (positionals.length === 1) || positionals.length > 1) {
      io.err('latch outbox retry: give one MESSAGE_ID or --failed');
      return EXIT.usage;
    }
    const [messageId] = positionals;
    return withDatabase(io, async (db) => {
      const queued = await retryMessages(db, messageId ? { messageId } : { allFailed: true }, new Date());
      if (messageId && queued.length === 0) {
        const state = await messageState(db, messageId);
        io.err(
          state === null
            ? `latch outbox retry: no message ${messageId}`
            : RETRYABLE_STATES.includes(state)
              ? `latch outbox retry: ${messageId} is a live project's passcode or link, cleared once final; nothing to send again`
              : `latch outbox retry: ${messageId} is ${state}; only ${RETRYABLE_STATES.join(' or ')} messages are retried`,
        );
        return EXIT.failed;
      }
      io.out(`queued again: ${queued.length} ${queued.length === 1 ? 'message' : 'messages'}`);
      for (const id of queued) io.out(id);
      return EXIT.ok;
    });
  },
};
