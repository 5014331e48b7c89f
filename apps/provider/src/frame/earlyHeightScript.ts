import { EARLY_HEIGHT, EARLY_HEIGHT_STOP } from '@latch/protocol';
import { escapeJsonForHtml } from './renderFrame';

/**
 * Inline script placed right after the server-drawn `#root`, so the host page can size the iframe
 * before the frame's scripts have loaded (without it the iframe keeps its default 150 px until the
 * channel is up). It measures `#root` as the frame's height reporter does and posts the height to
 * the parent with the host's exact origin as the target: `location.ancestorOrigins[0]` where the
 * browser has it, else the project's only authorized origin; nothing when that origin is not
 * authorized (a page not allowed to embed the frame learns nothing). loader.js listens from the
 * moment it creates the iframe, so no report comes before it hears.
 *
 * The height is reported again whenever `#root` changes size (a `ResizeObserver`), until the frame's
 * own scripts take over (`EARLY_HEIGHT_STOP`): the first layout of a cross-origin frame can happen
 * before the browser has given it its final width, so a single measurement may be wrong for good.
 */
export function earlyHeightScript(allowedOrigins: readonly string[]): string {
  return (
    `(function(){var a=${escapeJsonForHtml(allowedOrigins)},l=location.ancestorOrigins,` +
    `o=l&&l.length?l[0]:a.length===1?a[0]:'',r=document.getElementById('root');` +
    `if(parent===window||!r||a.indexOf(o)<0)return;` +
    `function p(){parent.postMessage({type:${JSON.stringify(EARLY_HEIGHT)},height:r.getBoundingClientRect().height},o)}` +
    `if(typeof ResizeObserver!=='function')return p();` +
    `var s=new ResizeObserver(p);s.observe(r);` +
    `addEventListener(${JSON.stringify(EARLY_HEIGHT_STOP)},function(){s.disconnect()})})()`
  );
}
