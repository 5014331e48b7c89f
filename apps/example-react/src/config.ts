/** Where the app finds its auth origin and public token. */
export interface ExampleConfig {
  authOrigin: string;
  publicToken: string;
}

declare global {
  interface Window {
    /** Set by the demo host's /config.js. */
    LATCH_DEMO?: { authOrigin?: unknown; publicToken?: unknown; error?: unknown };
  }
}

/**
 * Build-time settings (`VITE_LATCH_AUTH_ORIGIN`, `VITE_LATCH_PUBLIC_TOKEN`) when given, else what
 * the demo host injects at run time, so one build runs against any provider the host points at.
 */
export function readConfig(): ExampleConfig | string {
  const env = import.meta.env as Record<string, string | undefined>;
  const demo = window.LATCH_DEMO;
  const authOrigin = env['VITE_LATCH_AUTH_ORIGIN'] ?? demo?.authOrigin;
  const publicToken = env['VITE_LATCH_PUBLIC_TOKEN'] ?? demo?.publicToken;
  if (typeof authOrigin === 'string' && typeof publicToken === 'string') return { authOrigin, publicToken };
  return typeof demo?.error === 'string'
    ? demo.error
    : 'Set VITE_LATCH_AUTH_ORIGIN and VITE_LATCH_PUBLIC_TOKEN, or serve the app from the demo host.';
}
