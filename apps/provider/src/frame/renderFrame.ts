import { FRAME_BOOT_ELEMENT_ID, FRAME_BOOT_PLACEHOLDER, type FrameBoot } from '@latch/api';
import { FRAME_STATE_ELEMENT_ID, type FrameInitialState } from '@latch/protocol';
import type { FirstScreen } from './firstScreen';

/**
 * JSON that cannot close its <script> element nor open a comment or another tag in it: `<` never
 * appears literally (a value's `</script>` or `<!--` becomes `\u003c/script>`, `\u003c!--`); U+2028 and
 * U+2029 are escaped too, so the text is also a valid JavaScript literal. `JSON.parse` reads it back
 * unchanged.
 */
export const escapeJsonForHtml = (value: unknown): string =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The empty mount point of the built index.html, filled with the server-rendered first screen. */
export const EMPTY_ROOT = '<div id="root"></div>';

/** What the frame document hands the frame as JSON: the project's boot data and the mount's initial state. */
export interface FrameDocumentData {
  boot: FrameBoot;
  /** The frame URL's options as the provider parsed them; the frame hydrates from them. */
  state: FrameInitialState;
}

/**
 * The built frame `index.html` with the boot JSON and the initial state's JSON in place of the
 * placeholder, the CSP nonce on every script tag, `preloads` (link tags) at the end of the head and,
 * when given, the first screen already drawn in `#root` with its head script and, right after it,
 * the script that tells the host page its height. Null when the template lacks the placeholder (a
 * stale or foreign build).
 */
export function renderFrameDocument(
  template: string,
  { boot, state }: FrameDocumentData,
  nonce: string,
  preloads = '',
  firstScreen: FirstScreen | null = null,
): string | null {
  if (!template.includes(FRAME_BOOT_PLACEHOLDER)) return null;
  const drawn = firstScreen !== null && template.includes(EMPTY_ROOT) ? firstScreen : null;
  const bootScript =
    `<script type="application/json" id="${FRAME_BOOT_ELEMENT_ID}">${escapeJsonForHtml(boot)}</script>` +
    `<script type="application/json" id="${FRAME_STATE_ELEMENT_ID}">${escapeJsonForHtml(state)}</script>` +
    (drawn ? `<script>${drawn.script}</script>` : '');
  const document = template
    .replace(FRAME_BOOT_PLACEHOLDER, () => bootScript)
    .replace(/<script\b(?![^>]*\bnonce=)/gi, `<script nonce="${nonce}"`)
    .replace(/<\/head>/i, () => `${preloads}</head>`);
  // Last: the widget's markup is React's, never rewritten by the replacements above.
  return drawn
    ? document.replace(
        EMPTY_ROOT,
        () => `<div id="root">${drawn.html}</div><script nonce="${nonce}">${drawn.heightScript}</script>`,
      )
    : document;
}
