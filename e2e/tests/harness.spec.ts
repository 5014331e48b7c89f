import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures/test';

// The browser these tests run in is launched with flags of our own (scripts/chromium.mjs). Chromium
// applies only the last `--disable-features` switch: ours must keep every feature Playwright turns
// off for its own reasons, and still turn off what we add.

/** The browser's command line, as chrome://version shows it. */
async function commandLine(page: Page): Promise<string[]> {
  await page.goto('chrome://version');
  const text = (await page.locator('#command_line').textContent()) ?? '';
  return text.split(/\s+/);
}

const featuresOf = (switches: string[]) =>
  switches.filter((s) => s.startsWith('--disable-features=')).map((s) => s.split('=')[1]?.split(',') ?? []);

test('the browser keeps Playwright’s disabled features and loads no address-bar popup pages', async ({
  page,
  browser,
}) => {
  const lists = featuresOf(await commandLine(page));
  expect(lists.length, 'Playwright’s list and ours').toBeGreaterThanOrEqual(2);
  const applied = lists.at(-1) ?? [];
  for (const list of lists)
    expect(applied, 'the last --disable-features keeps every earlier one').toEqual(
      expect.arrayContaining(list),
    );

  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  expect(targetInfos.filter((target) => target.url.startsWith('chrome://omnibox'))).toEqual([]);
});
