import { useCallback } from 'react';
import type { EventType } from '@latch/protocol';
import { useServices } from '../services/ServicesContext';

/** Sends a widget event to the host; a closed channel must not break the screen. */
export function useEmitEvent(): (type: EventType, data: object) => void {
  const { host } = useServices();
  return useCallback(
    (type, data) => {
      void host.emitEvent({ type, data: { ...data } }).catch(() => undefined);
    },
    [host],
  );
}
