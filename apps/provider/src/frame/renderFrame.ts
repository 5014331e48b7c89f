import { FRAME_BOOT_ELEMENT_ID, FRAME_BOOT_PLACEHOLDER, type FrameBoot } from '@latch/api';

/** JSON that cannot close its <script> element: `<` never appears literally. */
export const escapeJsonForHtml = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * The built frame `index.html` with the boot JSON in place of the placeholder, the CSP nonce on
 * every script tag and `preloads` (link tags) at the end of the head. Null when the template lacks
 * the placeholder (a stale or foreign build).
 */
export function renderFrameDocument(
  template: string,
  boot: FrameBoot,
  nonce: string,
  preloads = '',
): string | null {
  if (!template.includes(FRAME_BOOT_PLACEHOLDER)) return null;
  const bootScript = `<script type="application/json" id="${FRAME_BOOT_ELEMENT_ID}">${escapeJsonForHtml(boot)}</script>`;
  return template
    .replace(FRAME_BOOT_PLACEHOLDER, () => bootScript)
    .replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`)
    .replace(/<\/head>/i, () => `${preloads}</head>`);
}
