import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type * as Axe from 'axe-core';
import type { Frame, Page } from '@playwright/test';

declare global {
  interface Window {
    /** axe-core, once `axeInFrame` has evaluated its source in the frame. */
    axe?: typeof Axe;
  }
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe run in one frame's own document, not descending into child frames. @axe-core/playwright
 * gives the injection of axe into a child frame one second and then skips that frame silently; on
 * a loaded machine that second passes (the crypto screens did, every run), so the widget would go
 * unjudged. `include` narrows the run to the elements a selector matches.
 */
export async function axeInFrame(frame: Frame, include?: string): Promise<Axe.AxeResults> {
  // Once per document: a later screen of the same widget reuses it (the source is half a megabyte).
  if (!(await frame.evaluate(() => window.axe !== undefined))) await frame.evaluate(axeSource);
  return frame.evaluate(async (selector) => {
    if (!window.axe) throw new Error('axe did not load in the frame');
    // Every rule still runs; only violations list every node (passes and the rest keep one example
    // per rule), which saves axe the node details nobody reads: about a tenth of this spec's time.
    return window.axe.run(selector ? { include: [selector] } : document, {
      iframes: false,
      resultTypes: ['violations'],
    });
  }, include);
}

/** The frame that the element matched by `selector` in `page` holds. */
export async function frameOf(page: Page, selector: string): Promise<Frame> {
  const frame = await (await page.locator(selector).elementHandle())?.contentFrame();
  if (!frame) throw new Error(`${selector} holds no frame`);
  return frame;
}
