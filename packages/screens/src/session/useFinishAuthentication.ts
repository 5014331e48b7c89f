import { useAtomValue } from 'jotai';
import { useCallback } from 'react';
import type { AuthenticateResponse } from '@latch/api';
import type { EventType, WidgetEventData } from '@latch/protocol';
import type { Outcome } from '../flow/transitions';
import { useEmitEvent } from '../hooks/useEmitEvent';
import { useFlow } from '../hooks/useFlow';
import { useServices } from '../services/ServicesContext';
import { configAtom } from '../state/widgetAtoms';
import { handSessionToHost } from './handSessionToHost';
import { sessionDuration } from './sessionDuration';

/** The session length the mounted configuration asks for. */
export function useSessionDuration(): number {
  return sessionDuration(useAtomValue(configAtom));
}

/** The events whose payload is the authenticate response itself. */
type AuthenticateEvent = {
  [T in EventType]: WidgetEventData[T] extends AuthenticateResponse ? T : never;
}[EventType];

/** After a successful authenticate: session to the host, the product's event, then the next screen. */
export function useFinishAuthentication() {
  const { host } = useServices();
  const emit = useEmitEvent();
  const dispatch = useFlow();
  return useCallback(
    async <T extends AuthenticateEvent>(
      response: WidgetEventData[T] & AuthenticateResponse,
      event: T | null,
      outcome: Outcome,
    ) => {
      await handSessionToHost(host, response);
      if (event) emit(event, response);
      dispatch(outcome);
    },
    [host, emit, dispatch],
  );
}
