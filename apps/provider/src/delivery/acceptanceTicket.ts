import type { AcceptanceTurn } from './gateways/Gateway';
import type { Slots } from './slots';

/** One send's hold on one of its process's acceptance turns (`turns`): taken once, given back once. */
export interface AcceptanceTicket {
  /** What the send hands its gateway. */
  turn: AcceptanceTurn;
  /** Gives the turn back if the gateway took it; a take still waiting then is not granted. */
  giveBack(): Promise<void>;
}

export function acceptanceTicket(turns: Slots): AcceptanceTicket {
  const over = new AbortController();
  let asked: Promise<boolean> | undefined;
  return {
    turn: { take: (signal) => (asked ??= turns.take(AbortSignal.any([signal, over.signal]))) },
    async giveBack() {
      if (over.signal.aborted) return;
      over.abort();
      if (asked && (await asked)) turns.give();
    },
  };
}
