import { DOM_EVENT, type WidgetError, type WidgetEvent } from '@latch/protocol';

/** `stytch-event`, with Stytch's `stytchEventType`/`stytchEventData` properties beside `detail`. */
export function dispatchWidgetEvent(element: Element, event: WidgetEvent): void {
  const dom = new CustomEvent(DOM_EVENT.event, { detail: event, composed: true });
  element.dispatchEvent(Object.assign(dom, { stytchEventType: event.type, stytchEventData: event.data }));
}

/** `stytch-error`, with the error as `detail` and (like Stytch) as `error`. */
export function dispatchWidgetError(element: Element, error: WidgetError): void {
  const dom = new CustomEvent(DOM_EVENT.error, { detail: error, composed: true });
  element.dispatchEvent(Object.assign(dom, { error }));
}

export const ESCAPE_EVENT = 'stytch-escape';

/** Runs a host callback; a throwing callback surfaces in the console but never breaks the channel. */
export function safely<A>(callback: ((arg: A) => void) | undefined, arg: A): void {
  if (!callback) return;
  try {
    callback(arg);
  } catch (error) {
    setTimeout(() => {
      throw error;
    });
  }
}
