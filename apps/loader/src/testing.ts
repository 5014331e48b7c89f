import type { FrameMethods, HostMethods } from '@latch/protocol';
import type { SessionChangeListener, SessionManager } from '@latch/session';
import { vi } from 'vitest';
import type { ConnectFrame } from './mountFrame';

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
  const connect: ConnectFrame = (iframe, methods) => {
    let resolve: (f: FrameMethods) => void = () => {};
    let reject: (e: Error) => void = () => {};
    const promise = new Promise<FrameMethods>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const destroy = vi.fn();
    connections.push({
      methods,
      iframe,
      destroy,
      connect: () => resolve(frame),
      fail: () => reject(new Error('timeout')),
    });
    return { promise, destroy };
  };
  return { connect, frame, connections };
}

type SessionPort = Pick<SessionManager, 'getTokens' | 'update' | 'destroy' | 'onChange'>;

/** An in-memory session for loader tests. */
export function fakeSession(): SessionPort & { emit(): void; token: string | null } {
  const listeners = new Set<SessionChangeListener>();
  const port = {
    token: null as string | null,
    getTokens: () => (port.token === null ? null : { session_token: port.token, session_jwt: 'jwt' }),
    update: vi.fn<SessionPort['update']>((u) => {
      port.token = u.session_token;
    }),
    destroy: vi.fn(() => {
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
