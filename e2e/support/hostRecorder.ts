/** What e2e/fixtures/pages/host.js records on the fixture host page (window.latchHost). */
export interface HostRecorder {
  events: { type: string; data: Record<string, unknown> }[];
  errors: { message: string; error_type: string | null }[];
  domEvents: { name: string; detail: unknown }[];
  mountError: string | null;
  mount(options: MountOptions): string | null;
  /** `client.session.getTokens()`: the session cookies' tokens, or null when signed out. */
  tokens(): SessionTokens | null;
  /** `client.session.getInfo()`: the user and session the client knows, or null. */
  info(): { user: { user_id: string }; session: { session_id: string; user_id: string } } | null;
  /** `client.session.revoke()`. */
  revoke(): Promise<void>;
}

export interface SessionTokens {
  session_token: string;
  session_jwt: string;
}

export interface MountOptions {
  kind?: 'login' | 'reset-password' | 'passkey-registration' | 'identity-provider';
  selector?: string;
  config?: Record<string, unknown>;
  /** One styles object, or a [light, dark] pair (StylesInput). */
  styles?: Record<string, unknown> | [Record<string, unknown>, Record<string, unknown>];
}

declare global {
  interface Window {
    latchHost: HostRecorder;
  }
}
