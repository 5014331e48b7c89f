import {
  hostMethodSchemas,
  readValue,
  type ConsentManifestRequest,
  type HostMethods,
  type MountState,
  type NavigateReason,
  type Schema,
  type SessionUpdate,
  type WidgetError,
  type WidgetEvent,
} from '@latch/protocol';
import type { WalletRelay } from './walletRelay';

/** What the handlers act on; one per mounted frame. Kept apart from penpal so tests call handlers directly. */
export interface HostContext {
  mountState(): MountState;
  resize(height: number): void;
  emitEvent(event: WidgetEvent): Promise<void>;
  reportError(error: WidgetError): void;
  /** Resolves once the session is stored, so the frame's `await` orders what follows. */
  setSession(update: SessionUpdate): Promise<void>;
  clearSession(): Promise<void>;
  /** True when the URL passed the navigation policy; the caller then navigates. */
  navigate(url: string, reason: NavigateReason): Promise<boolean>;
  escape(): void;
  /** The frame sent an argument that failed its schema. */
  invalid(message: string): void;
  /** Whether this mount may use the host page's wallets (a login mount with the crypto product). */
  walletsAllowed?(): boolean;
  /** The host's `getIDPConsentManifest`, for an identity-provider mount that supplied one. */
  consentManifest?(request: ConsentManifestRequest): unknown;
}

/** Without a wallet module (tests, pages that never show crypto), the page has no wallets. */
const NO_WALLETS: WalletRelay = {
  list: async () => [],
  request: async () => ({ ok: false, code: 4200, message: 'No wallet relay.' }),
};

/**
 * The loader's side of the channel: every argument is parsed before anything acts on it.
 * `wallets` loads the wallet relay on first use (loader-wallets.js).
 */
export function createHostMethods(
  ctx: HostContext,
  wallets: () => Promise<WalletRelay> = async () => NO_WALLETS,
): HostMethods {
  const read = <T>(schema: Schema<T>, value: unknown, method: string): T => {
    const r = readValue(schema, value, method);
    if (r.ok) return r.value;
    ctx.invalid(`The Latch widget sent an invalid ${method} request (${r.error}).`);
    throw new TypeError(`Invalid ${method} request`);
  };

  const methods: HostMethods = {
    async ready(request) {
      read(hostMethodSchemas.ready, request, 'ready');
      return ctx.mountState();
    },
    async resize(request) {
      ctx.resize(read(hostMethodSchemas.resize, request, 'resize').height);
    },
    async emitEvent(request) {
      const { type, data } = read(hostMethodSchemas.emitEvent, request, 'emitEvent');
      // The wire checks the shape (a known type, JSON data); each type's payload is the frame's
      // contract, typed where the frame emits it.
      await ctx.emitEvent({ type, data } as WidgetEvent);
    },
    async reportError(request) {
      ctx.reportError(read(hostMethodSchemas.reportError, request, 'reportError'));
    },
    async setSession(request) {
      await ctx.setSession(read(hostMethodSchemas.setSession, request, 'setSession'));
    },
    async clearSession(request) {
      read(hostMethodSchemas.clearSession, request, 'clearSession');
      await ctx.clearSession();
    },
    async navigate(request) {
      const { url, reason } = read(hostMethodSchemas.navigate, request, 'navigate');
      return { accepted: await ctx.navigate(url, reason) };
    },
    async escape(request) {
      read(hostMethodSchemas.escape, request, 'escape');
      ctx.escape();
    },
    async listWallets(request) {
      read(hostMethodSchemas.listWallets, request, 'listWallets');
      return { wallets: ctx.walletsAllowed?.() ? await (await wallets()).list() : [] };
    },
    async walletRequest(request) {
      // The allowlist is in the schema: a method off it fails here, before the relay loads.
      const checked = read(hostMethodSchemas.walletRequest, request, 'walletRequest');
      if (!ctx.walletsAllowed?.())
        return { ok: false, code: 4100, message: 'This widget may not use wallets.' };
      return (await wallets()).request(checked);
    },
    async getConsentManifest(request) {
      const checked = read(hostMethodSchemas.getConsentManifest, request, 'getConsentManifest');
      if (!ctx.consentManifest) throw new Error('This mount has no getIDPConsentManifest.');
      // A throwing or async renderer rejects here; the frame then shows its default consent screen.
      return { manifest: await ctx.consentManifest(checked) };
    },
  };
  return methods;
}
