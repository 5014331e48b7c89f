import type { FrameMethods, HostMethods } from '@latch/protocol';
import type { SessionChangeListener } from '@latch/session';
import { vi, type Mock } from 'vitest';
import { createHostMethods } from './hostMethods';
import { createMountContext } from './mountContext';
import type { ConnectFrame } from './mountFrame';
import { mountStateOf } from './mountStateOf';
import type { FollowedSession } from './sessionFollower';

/** A penpal stand-in: records the host methods and lets a test resolve or fail the handshake. */
export function fakeConnect() {
  const frame = {
    update: vi.fn<FrameMethods['update']>(async () => {}),
    focus: vi.fn<FrameMethods['focus']>(async () => {}),
    sessionChanged: vi.fn<FrameMethods['sessionChanged']>(async () => {}),
  };
  const connections: {
    methods: HostMethods;
    iframe: HTMLIFrameElement;
    destroy: ReturnType<typeof vi.fn>;
    connect(): void;
    fail(): void;
  }[] = [];
  const connect: ConnectFrame = (iframe, parts) => {
    const methods = createHostMethods(createMountContext(parts));
    let resolve: (f: FrameMethods) => void = () => {};
    let reject: (e: Error) => void = () => {};
    const promise = new Promise<FrameMethods>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const destroy = vi.fn();
    let connected = false;
    void promise.then(
      () => (connected = true),
      () => {},
    );
    const update = () => {
      if (connected) void frame.update(mountStateOf(parts));
    };
    connections.push({
      methods,
      iframe,
      destroy,
      connect: () => resolve(frame),
      fail: () => reject(new Error('timeout')),
    });
    return { promise, destroy, update };
  };
  return { connect, frame, connections };
}

/** An in-memory session for loader tests. */
export function fakeSession(): FollowedSession & {
  update: Mock<FollowedSession['update']>;
  destroy: Mock<FollowedSession['destroy']>;
  emit(): void;
  token: string | null;
} {
  const listeners = new Set<SessionChangeListener>();
  const port = {
    token: null as string | null,
    getTokens: () => (port.token === null ? null : { session_token: port.token, session_jwt: 'jwt' }),
    update: vi.fn<FollowedSession['update']>(async (u) => {
      port.token = u.session_token;
    }),
    destroy: vi.fn<FollowedSession['destroy']>(async () => {
      port.token = null;
    }),
    onChange(listener: SessionChangeListener) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    emit: () => listeners.forEach((l) => l(null)),
  };
  return port;
}

/** Calls a host method with whatever a frame might send, as the wire would (no static types there). */
export const callRaw = (methods: HostMethods, name: keyof HostMethods, arg: unknown): Promise<unknown> =>
  Reflect.apply(methods[name], methods, [arg]);
