import type { MountKind, WidgetError } from '@latch/protocol';
import { dispatchWidgetEvent, ESCAPE_EVENT, safely } from './domEvents';
import type { FocusRelay } from './focusRelay';
import type { HandshakeWatch } from './handshakeWatch';
import type { HostContext } from './hostMethods';
import type { IframeSlot } from './iframeSlot';
import { mountStateOf } from './mountStateOf';
import { isAllowedNavigation, navigationPolicy } from './navigation';
import type { MountSpec } from './readMountOptions';
import type { SessionFollower } from './sessionFollower';

/** The parts of one mount that the frame's calls act on. */
export interface MountParts {
  kind: MountKind;
  authOrigin: string;
  apiBaseUrl: string;
  navigateTo: ((url: string) => void) | undefined;
  element: HTMLElement;
  /** The latest options: a later mount into the same container replaces them. */
  spec(): MountSpec;
  slot: Pick<IframeSlot, 'resize'>;
  watch: Pick<HandshakeWatch, 'answered' | 'drawn'>;
  session: SessionFollower;
  focus: Pick<FocusRelay, 'autoFocus'>;
  report(error: WidgetError): void;
}

/** What the host does for each call from the frame, once the host methods validated it. */
export function createMountContext(parts: MountParts): HostContext {
  const { kind, element, spec, session } = parts;
  let invalidReported = false;
  return {
    mountState() {
      parts.watch.answered();
      if (spec().autoFocus) parts.focus.autoFocus();
      return mountStateOf(parts);
    },
    resize: (height) => parts.slot.resize(height),
    async emitEvent(event) {
      await session.settled();
      safely(spec().callbacks.onEvent, event);
      dispatchWidgetEvent(element, event);
    },
    reportError: parts.report,
    setSession: (update) => session.write(update),
    clearSession: () => session.clear(),
    async navigate(url, reason) {
      await session.settled();
      const policy = navigationPolicy(kind, spec().config, parts.authOrigin, parts.apiBaseUrl, location);
      const accepted = isAllowedNavigation(url, reason, policy);
      if (accepted) (parts.navigateTo ?? ((u: string) => location.assign(u)))(url);
      return accepted;
    },
    escape() {
      safely(spec().callbacks.onEscape, undefined);
      element.dispatchEvent(new CustomEvent(ESCAPE_EVENT, { composed: true }));
    },
    walletsAllowed: () => kind === 'login' && spec().config.products.includes('crypto'),
    consentManifest: (request) => {
      const { getIDPConsentManifest } = spec();
      if (!getIDPConsentManifest) throw new Error('This mount has no getIDPConsentManifest.');
      return getIDPConsentManifest(request);
    },
    invalid(message) {
      if (invalidReported) return;
      invalidReported = true;
      parts.report({ message });
    },
  };
}
