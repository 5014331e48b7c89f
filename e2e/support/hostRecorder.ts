/** What e2e/fixtures/pages/host.js records on the fixture host page (window.latchHost). */
export interface HostRecorder {
  events: { type: string; data: Record<string, unknown> }[];
  errors: { message: string; error_type: string | null }[];
  domEvents: { name: string; detail: unknown }[];
  mountError: string | null;
  mount(options: MountOptions): string | null;
}

export interface MountOptions {
  kind?: 'login' | 'reset-password' | 'passkey-registration' | 'identity-provider';
  selector?: string;
  config?: Record<string, unknown>;
  styles?: Record<string, unknown>;
}

declare global {
  interface Window {
    latchHost: HostRecorder;
  }
}
