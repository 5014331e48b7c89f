import {
  ELEMENT_NAMES,
  PROTOCOL_VERSION,
  type FrameMethods,
  type MountKind,
  type MountState,
  type WidgetError,
} from '@latch/protocol';
import { diagnoseRefusal } from './diagnose';
import { dispatchWidgetError, dispatchWidgetEvent, ESCAPE_EVENT, safely } from './domEvents';
import { applyFrameStyle, controllers, createFrameElement, createIframe } from './frameElement';
import type { HostContext } from './hostMethods';
import type { LoaderSession } from './lazySession';
import { isAllowedNavigation, navigationPolicy } from './navigation';
import { findTarget, readMountOptions, type MountSpec } from './readMountOptions';
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
  session: Pick<LoaderSession, 'getTokens' | 'update' | 'destroy' | 'onChange'>;
  connect: ConnectFrame;
  fetch?: typeof fetch;
  /** Top-level navigation; default `location.assign`. */
  navigateTo?: (url: string) => void;
}

/** How long after the iframe's `load` a missing handshake counts as a refusal. */
export const HANDSHAKE_GRACE_MS = 1500;

const mounted = new WeakMap<Element, { update(spec: MountSpec): void; handle: MountHandle }>();
const ignore = () => {};

export function mountFrame(kind: MountKind, options: unknown, env: MountEnv): MountHandle {
  let spec = readMountOptions(kind, options);
  const target = findTarget(spec.selector);
  const existing = Array.from(target.children).find(
    (c) => c.localName === ELEMENT_NAMES[kind] && mounted.has(c),
  );
  const previous = existing && mounted.get(existing);
  if (previous) {
    previous.update(spec);
    return previous.handle;
  }

  const element = createFrameElement(kind);
  const iframe = createIframe({ ...env, kind, config: spec.config, styles: spec.styles });
  let unfollowScheme = applyFrameStyle(iframe, spec.styles);
  element.appendChild(iframe);
  target.appendChild(element);

  let frame: FrameMethods | null = null;
  let handshook = false;
  let failed = false;
  let destroyed = false;
  let invalidReported = false;
  let focusPending = false;
  let autoFocused = false;
  let height = -1;
  let knownToken: string | null | undefined;
  let loadTimer: ReturnType<typeof setTimeout> | undefined;
  // The last session write; events and navigations wait for it, so a host reacting to a sign-in
  // (or a redirect page) always finds the cookies written.
  let written: Promise<unknown> = Promise.resolve();
  const settled = () => written.catch(ignore);

  const report = (error: WidgetError) => {
    safely(spec.callbacks.onError, error);
    dispatchWidgetError(element, error);
  };

  const mountState = (): MountState => {
    const session = env.session.getTokens();
    knownToken = session?.session_token ?? null;
    const state: MountState = {
      protocolVersion: PROTOCOL_VERSION,
      kind,
      config: spec.config,
      styles: spec.styles,
      strings: spec.strings,
      session,
      hostSearch: location.search.slice(0, 8192),
      hasConsentManifest: !!spec.getIDPConsentManifest,
      autoFocus: spec.autoFocus,
    };
    if (spec.passwordResetToken !== undefined) state.passwordResetToken = spec.passwordResetToken;
    if (spec.authTokenParams) state.authTokenParams = spec.authTokenParams;
    return state;
  };

  const ctx: HostContext = {
    mountState() {
      handshook = true;
      if (spec.autoFocus && !autoFocused) {
        autoFocused = true;
        iframe.focus(); // Autofocus is blocked in cross-origin frames unless the frame has focus.
      }
      return mountState();
    },
    resize(next) {
      const px = Math.ceil(next);
      if (px === height) return;
      height = px;
      iframe.style.height = `${px}px`;
    },
    async emitEvent(event) {
      await settled();
      safely(spec.callbacks.onEvent, event);
      dispatchWidgetEvent(element, event);
    },
    reportError: report,
    setSession(update) {
      knownToken = update.session_token;
      return (written = env.session.update(update));
    },
    clearSession() {
      knownToken = null;
      return (written = env.session.destroy());
    },
    async navigate(url, reason) {
      await settled();
      const policy = navigationPolicy(kind, spec.config, env.authOrigin, env.apiBaseUrl, location);
      const accepted = isAllowedNavigation(url, reason, policy);
      if (accepted) (env.navigateTo ?? ((u: string) => location.assign(u)))(url);
      return accepted;
    },
    escape() {
      safely(spec.callbacks.onEscape, undefined);
      element.dispatchEvent(new CustomEvent(ESCAPE_EVENT, { composed: true }));
    },
    walletsAllowed: () => kind === 'login' && spec.config.products.includes('crypto'),
    consentManifest: (request) => {
      if (!spec.getIDPConsentManifest) throw new Error('This mount has no getIDPConsentManifest.');
      return spec.getIDPConsentManifest(request);
    },
    invalid(message) {
      if (invalidReported) return;
      invalidReported = true;
      report({ message });
    },
  };

  // Exactly one error per mount that never connects (ARCHITECTURE.md, security rule 1).
  const diagnose = async () => {
    if (handshook || failed || destroyed) return;
    failed = true;
    const error = await diagnoseRefusal(env.apiBaseUrl, env.authOrigin, env.publicToken, env.fetch);
    if (destroyed || handshook) return;
    // The browser's "refused to connect" box is no widget: hide it (shown again if the frame answers late).
    // The inline `display:block` would beat the `hidden` attribute, so both are set.
    iframe.hidden = true;
    iframe.style.display = 'none';
    report(error);
  };

  let connection: FrameConnection;
  try {
    connection = env.connect(iframe, ctx, env.authOrigin);
  } catch (error) {
    element.remove();
    throw error;
  }
  connection.promise.then((remote) => {
    if (destroyed) return;
    handshook = true;
    iframe.hidden = false;
    iframe.style.display = 'block';
    frame = remote;
    if (focusPending) remote.focus({}).catch(ignore);
  }, diagnose);
  iframe.addEventListener('load', () => {
    if (!handshook && loadTimer === undefined)
      loadTimer = setTimeout(() => void diagnose(), HANDSHAKE_GRACE_MS);
  });

  const unfollow = env.session.onChange(() => {
    const tokens = env.session.getTokens();
    const token = tokens?.session_token ?? null;
    if (!frame || token === knownToken) return;
    knownToken = token;
    frame.sessionChanged({ session: tokens }).catch(ignore);
  });

  const destroy = () => {
    if (destroyed) return;
    destroyed = true;
    clearTimeout(loadTimer);
    unfollow();
    unfollowScheme();
    connection.destroy();
    mounted.delete(element);
    controllers.delete(element);
    element.remove();
  };
  const focus = () => {
    iframe.focus();
    if (frame) frame.focus({}).catch(ignore);
    else focusPending = true;
  };

  const handle: MountHandle = Object.assign(() => destroy(), { unmount: destroy, focus, element });
  controllers.set(element, { focus, detached: destroy });
  mounted.set(element, {
    handle,
    update(next) {
      spec = next;
      unfollowScheme();
      unfollowScheme = applyFrameStyle(iframe, spec.styles);
      frame?.update(mountState()).catch(ignore);
    },
  });
  return handle;
}
