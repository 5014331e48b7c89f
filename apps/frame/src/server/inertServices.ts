import { createApiClient } from '@latch/api';
import type { WidgetServices } from '@latch/screens';

const refuse = (what: string) => () =>
  Promise.reject(new Error(`${what} is not available while rendering on the server`));

/**
 * Services for the server render. Rendering never calls them (calls happen in effects and event
 * handlers, which do not run on the server); each one refuses loudly if that ever changes.
 */
export function inertServices(publicToken: string, apiBaseUrl: string): WidgetServices {
  return {
    api: createApiClient({ baseUrl: apiBaseUrl, publicToken, fetch: refuse('fetch') }),
    host: {
      emitEvent: refuse('host.emitEvent'),
      reportError: refuse('host.reportError'),
      setSession: refuse('host.setSession'),
      clearSession: refuse('host.clearSession'),
      navigate: refuse('host.navigate'),
      escape: refuse('host.escape'),
    },
    eventLog: { log: () => undefined, flush: () => undefined },
  };
}
