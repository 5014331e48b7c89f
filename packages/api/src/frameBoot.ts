import type { BootstrapResponse } from './bootstrap';

/**
 * What the auth origin renders into every frame document (as JSON in
 * `<script type="application/json" id="latch-boot">`), so the frame needs no round trip to start:
 * the project's bootstrap data and the exact host origins penpal may talk to. The frame trusts
 * this and nothing from its URL, referrer or parent for the allowlist.
 */
export interface FrameBoot {
  publicToken: string;
  projectId: string;
  /** Base URL of the provider API the frame calls (the auth origin itself, or a hosted provider). */
  apiBaseUrl: string;
  /** The project's authorized origins, exact, for penpal `allowedOrigins`. */
  allowedOrigins: string[];
  bootstrap: BootstrapResponse;
}

export const FRAME_BOOT_ELEMENT_ID = 'latch-boot';
/** The placeholder in the built frame `index.html` that the provider replaces with the boot script. */
export const FRAME_BOOT_PLACEHOLDER = '<!--latch-boot-->';
