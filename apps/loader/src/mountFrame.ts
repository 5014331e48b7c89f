import type { FrameMethods, MountKind, WidgetError } from '@latch/protocol';
import { diagnoseRefusal, unansweredError } from './diagnose';
import { dispatchWidgetError, safely } from './domEvents';
import { listenEarlyHeight } from './earlyHeight';
import { createFocusRelay } from './focusRelay';
import { controllers, createFrameElement } from './frameElement';
import { watchHandshake } from './handshakeWatch';
import { createIframeSlot } from './iframeSlot';
import type { MountParts } from './mountContext';
import { mountedFrames } from './mountedFrames';
import { findTarget, readMountOptions } from './readMountOptions';
import { followSession, type FollowedSession } from './sessionFollower';
import { createTeardownList } from './teardownList';
import type { MountHandle } from './types';

export interface FrameConnection {
  promise: Promise<FrameMethods>;
  destroy(): void;
  /** Sends the mount's latest options to the frame, once connected (a later mount into the same container). */
  update(): void;
}
/**
 * Opens the channel to the frame; the host methods validate every call before the mount context
 * built from `parts` acts on it. Both live in the lazily fetched channel module with penpal: the
 * script tag's loader.js only creates the iframe (docs/performance.md).
 */
export type ConnectFrame = (
  iframe: HTMLIFrameElement,
  parts: MountParts,
  authOrigin: string,
) => FrameConnection;

export interface MountEnv {
  publicToken: string;
  authOrigin: string;
  apiBaseUrl: string;
  session: FollowedSession;
  connect: ConnectFrame;
  fetch?: typeof fetch;
  /** Top-level navigation; default `location.assign`. */
  navigateTo?: (url: string) => void;
}

/**
 * How long after the iframe's `load` a missing handshake sends the loader to ask the provider
 * whether it refused the page (a refusal is reported then; a page it serves waits longer).
 */
export const HANDSHAKE_GRACE_MS = 1500;
/**
 * The same for a frame that reported its drawn height: it was not refused, and it opens its channel
 * only once its first screen is hydrated, which on a slow device can take seconds after `load`.
 */
const DRAWN_HANDSHAKE_GRACE_MS = 10_000;

/**
 * Mounts a frame into the selected container, or updates the one already mounted there. `own` is
 * an element the page wrote itself: the frame goes inside it, and `elementId` is not read.
 */
export function mountFrame(kind: MountKind, options: unknown, env: MountEnv, own?: HTMLElement): MountHandle {
  let spec = readMountOptions(kind, options);
  const target = own ?? findTarget(spec.selector);
  const previous = own ? mountedFrames.get(own) : mountedFrames.find(target, kind);
  if (previous) {
    previous.update(spec);
    return previous.handle;
  }

  const element = own ?? createFrameElement(kind);
  const slot = createIframeSlot(element, { ...env, kind, config: spec.config, styles: spec.styles });
  if (!own) target.appendChild(element);

  const report = (error: WidgetError) => {
    safely(spec.callbacks.onError, error);
    dispatchWidgetError(element, error);
  };
  // A frame that reported its drawn height is the widget, usable before its channel is up (what is
  // typed is kept): it stays shown whatever the channel does. Only a frame never drawn (the
  // browser's refusal box) is hidden when the mount is reported.
  let drawn = false;
  // Exactly one error per mount that never connects.
  const watch = watchHandshake(
    slot.iframe,
    {
      graceMs: HANDSHAKE_GRACE_MS,
      drawnGraceMs: DRAWN_HANDSHAKE_GRACE_MS,
      unanswered: unansweredError(env.authOrigin),
    },
    () => diagnoseRefusal(env.apiBaseUrl, env.authOrigin, env.publicToken, env.fetch),
    (error) => {
      if (!drawn) slot.setVisible(false); // Shown again if the frame answers late.
      report(error);
    },
  );
  // Heard by this chunk, not the lazy channel's: the drawn frame is sized and shown however late that comes.
  const stopEarlyHeight = listenEarlyHeight(slot.iframe, env.authOrigin, (height) => {
    drawn = true;
    watch.drawn();
    slot.resize(height);
    slot.setVisible(true);
  });
  const session = followSession(env.session);
  const focus = createFocusRelay(slot.iframe);
  // The page's own element stays where the page put it; only what the mount added goes.
  const removeElement = () => (own ? slot.iframe : element).remove();
  const { authOrigin, apiBaseUrl, navigateTo } = env;
  const parts = { kind, authOrigin, apiBaseUrl, navigateTo, element, slot, watch, session, focus, report };
  const mountParts: MountParts = { ...parts, spec: () => spec };

  let connection: ReturnType<ConnectFrame>;
  try {
    connection = env.connect(slot.iframe, mountParts, env.authOrigin);
  } catch (error) {
    watch.stop();
    stopEarlyHeight();
    slot.release();
    removeElement();
    throw error;
  }
  const teardown = createTeardownList();
  connection.promise.then((remote) => {
    if (teardown.done) return;
    stopEarlyHeight(); // The frame's own `resize` over the channel takes over.
    watch.answered();
    slot.setVisible(true);
    focus.connected(remote);
    session.connected(remote);
  }, watch.failed);

  teardown.add(watch.stop);
  teardown.add(stopEarlyHeight);
  teardown.add(session.stop);
  teardown.add(slot.release);
  teardown.add(() => connection.destroy());
  teardown.add(() => {
    mountedFrames.delete(element);
    controllers.delete(element);
    removeElement();
  });
  const destroy = () => teardown.run();

  const handle: MountHandle = Object.assign(() => destroy(), {
    unmount: destroy,
    focus: focus.focus,
    element,
  });
  controllers.set(element, { focus: focus.focus, detached: destroy });
  mountedFrames.add(element, {
    handle,
    update(next) {
      spec = next;
      slot.restyle(spec.styles);
      connection.update();
    },
  });
  return handle;
}
