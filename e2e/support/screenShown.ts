import { expect, type FrameLocator, type Locator } from '@playwright/test';

/**
 * Waits for a screen's heading, then for the iframe to be tall enough for the whole screen. A taller
 * screen first draws in the old height: the frame's height reports after the first two are debounced
 * by 100 ms, and the host resizes a message later. A click aimed meanwhile scrolls the frame to reach
 * its target; when the iframe then grows and the scroll resets, the press lands where the target was
 * and is lost.
 */
export async function expectScreenShown(frame: FrameLocator, heading: Locator): Promise<void> {
  await expect(heading).toBeVisible();
  await expect
    .poll(() => frame.locator('html').evaluate((root) => root.scrollHeight <= root.clientHeight), {
      message: 'the iframe grows to fit the screen',
      intervals: [25],
    })
    .toBe(true);
}
