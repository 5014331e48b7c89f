import { useCallback } from 'react';
import type { EventType, WidgetEventData } from '@latch/protocol';
import { useServices } from '../services/ServicesContext';

/** Sends a widget event to the host; a closed channel must not break the screen. */
export function useEmitEvent(): <T extends EventType>(type: T, data: WidgetEventData[T]) => void {
  const { host } = useServices();
  return useCallback(
    (type, data) => {
      void host.emitEvent({ type, data: { ...data } }).catch(() => undefined);
    },
    [host],
  );
}
