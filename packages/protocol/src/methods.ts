import type { AuthenticateResponse, SessionTokens } from '@latch/api';
import { EVENT_TYPES, widgetErrorSchema, type EventType, type WidgetError } from './events';
import type { MountState } from './mount';
import { sessionTokensSchema } from './mount';
import { array, json, nullable, number, object, oneOf, record, string, type Schema } from './schemas';
import { consentManifestRequestSchema, type ConsentManifestRequest } from './consentManifest';
import { walletRequestSchema, type WalletInfo, type WalletRequest, type WalletResponse } from './wallets';

/*
 * The channel between the loader (host page) and the frame, one manifest per direction.
 * Rules: one request object in, one promise of a response object out; a method never changes
 * incompatibly (add `method2` instead); every argument is validated by the receiver with the
 * schema beside it, because penpal checks only the message envelope.
 */

/** Methods the loader exposes; the frame calls them. */
export type HostMethods = {
  /** Called by the frame after every (re)connect; answers with the current mount state. */
  ready(request: { protocolVersion: number }): Promise<MountState>;
  /** The frame's content height changed. */
  resize(request: { height: number }): Promise<void>;
  /** A widget event for `callbacks.onEvent` and the `stytch-event` DOM event. */
  emitEvent(request: { type: EventType; data: Record<string, unknown> }): Promise<void>;
  /** A widget error for `callbacks.onError` and the `stytch-error` DOM event. */
  reportError(request: WidgetError): Promise<void>;
  /** A sign-in produced a session: the host writes its cookies and starts refreshing. */
  setSession(request: SessionUpdate): Promise<void>;
  /** The frame ended the session (logout, revoke): the host clears its cookies. */
  clearSession(request: Record<string, never>): Promise<void>;
  /** Top-level navigation, honoured only for URLs the loader allows (OAuth start, flow redirects). */
  navigate(request: { url: string; reason: NavigateReason }): Promise<{ accepted: boolean }>;
  /** Escape pressed inside the frame (the host cannot see key events in a cross-origin frame). */
  escape(request: Record<string, never>): Promise<void>;
  /** Wallets injected into the host page (EIP-6963, `window.ethereum`, Phantom). */
  listWallets(request: Record<string, never>): Promise<{ wallets: WalletInfo[] }>;
  /** One allowlisted request to a host-page wallet (see `walletRequestSchema`). */
  walletRequest(request: WalletRequest): Promise<WalletResponse>;
  /**
   * The host's `getIDPConsentManifest` answer for the consent screen. `manifest` is the host's
   * value as is: the frame checks it with `consentManifestSchema` and falls back when it fails.
   */
  getConsentManifest(request: ConsentManifestRequest): Promise<{ manifest: unknown }>;
};

/** Methods the frame exposes; the loader calls them. */
export type FrameMethods = {
  /** The host mounted again into the same element: new options, same frame. */
  update(request: MountState): Promise<void>;
  /** Move focus to the frame's first field (autofocus is blocked in cross-origin frames). */
  focus(request: Record<string, never>): Promise<void>;
  /** The host's session changed (another tab signed in or out, a refresh failed). */
  sessionChanged(request: { session: SessionTokens | null }): Promise<void>;
};

const NAVIGATE_REASONS = ['oauth_start', 'flow_redirect'] as const;
export type NavigateReason = (typeof NAVIGATE_REASONS)[number];

export type SessionUpdate = SessionTokens & Pick<AuthenticateResponse, 'session' | 'user'>;

const empty = object({});

/** A session as it arrives from the frame: tokens checked strictly, session and user as plain data. */
const sessionUpdateShape = object({
  session_token: string(512),
  session_jwt: string(8192),
  session: object({
    session_id: string(256),
    user_id: string(256),
    started_at: string(64),
    last_accessed_at: string(64),
    expires_at: string(64),
    attributes: json(),
    authentication_factors: array(json(), 50),
    custom_claims: json(),
    roles: array(string(256), 200),
  }),
  user: record(json(), 100),
});
// The shape checks every field the host reads; the user's other fields are plain data (checked as
// JSON) the host passes on, so the output is typed as the provider's answer they came from.
const sessionUpdateSchema = sessionUpdateShape as Schema<unknown> as Schema<SessionUpdate>;

/** Argument schemas for each host method: the loader parses with these before acting. */
export const hostMethodSchemas = {
  ready: object({ protocolVersion: number(1, 1000) }),
  resize: object({ height: number(0, 100_000) }),
  emitEvent: object({ type: oneOf(EVENT_TYPES), data: record(json(), 200) }),
  reportError: widgetErrorSchema,
  setSession: sessionUpdateSchema,
  clearSession: empty,
  navigate: object({ url: string(8192), reason: oneOf(NAVIGATE_REASONS) }),
  escape: empty,
  listWallets: empty,
  walletRequest: walletRequestSchema,
  getConsentManifest: consentManifestRequestSchema,
} satisfies { [K in keyof HostMethods]: Schema<unknown> };

export const frameMethodSchemas = {
  focus: empty,
  sessionChanged: object({ session: nullable(sessionTokensSchema) }),
} satisfies { [K in Exclude<keyof FrameMethods, 'update'>]: Schema<unknown> };
