import type { FrameMethods, MountKind, WidgetError } from '@latch/protocol';
import { diagnoseRefusal } from './diagnose';
import { dispatchWidgetError, safely } from './domEvents';
import { createFocusRelay } from './focusRelay';
import { controllers, createFrameElement } from './frameElement';
import { watchHandshake } from './handshakeWatch';
import type { HostContext } from './hostMethods';
import { createIframeSlot } from './iframeSlot';
import { createMountContext } from './mountContext';
import { mountedFrames } from './mountedFrames';
import { mountStateOf } from './mountStateOf';
import { findTarget, readMountOptions } from './readMountOptions';
import { followSession, type FollowedSession } from './sessionFollower';
import { createTeardownList } from './teardownList';
import type { MountHandle } from './types';

export interface FrameConnection {
  promise: Promise<FrameMethods>;
  destroy(): void;
}
/** Opens the channel to the frame; the host methods validate every call before `ctx` acts on it. */
export type ConnectFrame = (
  iframe: HTMLIFrameElement,
  ctx: HostContext,
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

/** How long after the iframe's `load` a missing handshake counts as a refusal. */
export const HANDSHAKE_GRACE_MS = 1500;

const ignore = () => {};

/** Mounts a frame into the selected container, or updates the one already mounted there. */
export function mountFrame(kind: MountKind, options: unknown, env: MountEnv): MountHandle {
  let spec = readMountOptions(kind, options);
  const target = findTarget(spec.selector);
  const previous = mountedFrames.find(target, kind);
  if (previous) {
    previous.update(spec);
    return previous.handle;
  }

  const element = createFrameElement(kind);
  const slot = createIframeSlot(element, { ...env, kind, config: spec.config, styles: spec.styles });
  target.appendChild(element);

  const report = (error: WidgetError) => {
    safely(spec.callbacks.onError, error);
    dispatchWidgetError(element, error);
  };
  // Exactly one error per mount that never connects.
  const watch = watchHandshake(
    slot.iframe,
    HANDSHAKE_GRACE_MS,
    () => diagnoseRefusal(env.apiBaseUrl, env.authOrigin, env.publicToken, env.fetch),
    (error) => {
      slot.setVisible(false); // Shown again if the frame answers late.
      report(error);
    },
  );
  const session = followSession(env.session);
  const focus = createFocusRelay(slot.iframe);
  const { authOrigin, apiBaseUrl, navigateTo } = env;
  const parts = { kind, authOrigin, apiBaseUrl, navigateTo, element, slot, watch, session, focus, report };
  const ctx = createMountContext({ ...parts, spec: () => spec });

  let connection: ReturnType<ConnectFrame>;
  try {
    connection = env.connect(slot.iframe, ctx, env.authOrigin);
  } catch (error) {
    watch.stop();
    slot.release();
    element.remove();
    throw error;
  }
  const teardown = createTeardownList();
  let frame: FrameMethods | null = null;
  connection.promise.then((remote) => {
    if (teardown.done) return;
    watch.answered();
    slot.setVisible(true);
    frame = remote;
    focus.connected(remote);
    session.connected(remote);
  }, watch.failed);

  teardown.add(watch.stop);
  teardown.add(session.stop);
  teardown.add(slot.release);
  teardown.add(() => connection.destroy());
  teardown.add(() => {
    mountedFrames.delete(element);
    controllers.delete(element);
    element.remove();
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
      frame?.update(mountStateOf(kind, spec, session.tokens())).catch(ignore);
    },
  });
  return handle;
}
