import { expect, test } from '../fixtures/test';
import { AUTH_ORIGIN, HOST_ORIGIN } from '../support/env';

test('the demo host mounts the login widget served by the auth origin', async ({ demo }) => {
  await test.step(`open the demo host on ${HOST_ORIGIN}`, () => demo.open());
  await test.step('the header shows inside the iframe', () => demo.login.expectShown());
  await test.step('the iframe document comes from the auth origin', async () => {
    await expect(demo.iframe).toHaveAttribute('src', new RegExp(`^${AUTH_ORIGIN}/frame/login\\?`));
  });
});

test('changing the demo configuration remounts the widget in place', async ({ demo }) => {
  await demo.open();
  await demo.login.expectShown();
  await test.step('tick One-time passcode (text message) in the panel', () =>
    demo.setProduct('One-time passcode', true));
  await test.step('the same single widget now offers an Email and a Text tab', async () => {
    await expect(demo.frame.getByRole('tab', { name: 'Text' })).toBeVisible();
    await expect(demo.iframe).toHaveCount(1);
  });
});

test('the sign-in landing page explains a visit without a token', async ({ demo }) => {
  await demo.openLanding();
  await expect(demo.landingStatus()).toHaveText(
    'No token in the URL: open a magic link from the dev inbox, or sign in with OAuth.',
  );
});

test('the demo gives the widget its configured width in a 1000 px wide window', async ({ demo, page }) => {
  await page.setViewportSize({ width: 1000, height: 800 });
  await demo.open();
  await demo.login.expectShown();
  await test.step('the iframe is the default container width, 400 px', async () => {
    await expect.poll(async () => (await demo.iframe.boundingBox())?.width).toBe(400);
  });
  await test.step('a container width of 420px in the panel widens the iframe to 420 px', async () => {
    await demo.setContainerWidth('420px');
    await expect.poll(async () => (await demo.iframe.boundingBox())?.width).toBe(420);
  });
});

test("the demo's panel lines up, uses the widget's font and links the React example", async ({
  demo,
  page,
}) => {
  await demo.open();
  await demo.login.expectShown();
  await test.step('each checkbox sits on its label’s line', async () => {
    const offsets = await page.locator('#controls label.check').evaluateAll((labels) =>
      labels.map((label) => {
        const box = label.querySelector('input')?.getBoundingClientRect();
        const text = document.createRange();
        text.selectNodeContents(label);
        const line = [...text.getClientRects()].at(-1);
        return box && line ? Math.abs(box.top + box.height / 2 - (line.top + line.height / 2)) : 99;
      }),
    );
    expect(offsets.length).toBeGreaterThan(8);
    expect(offsets.every((offset) => offset <= 2)).toBe(true);
  });
  await test.step('the theme fields share one column and one width', async () => {
    const boxes = await page
      .locator('#controls label.field input')
      .evaluateAll((inputs) => inputs.map((i) => i.getBoundingClientRect().toJSON() as DOMRect));
    expect(boxes).toHaveLength(3);
    expect(new Set(boxes.map((b) => `${Math.round(b.left)},${Math.round(b.width)}`)).size).toBe(1);
  });
  await test.step('the mount options JSON keeps each line whole', async () => {
    const { lines, drawn } = await page.locator('#options').evaluate((pre) => {
      const range = document.createRange();
      range.selectNodeContents(pre);
      const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return { lines: (pre.textContent ?? '').split('\n').length, drawn: tops.size };
    });
    expect(drawn).toBe(lines);
  });
  await test.step('the page’s font is the widget’s default', async () => {
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font.split(',')[0]?.trim()).toBe('Arial');
  });
  await test.step('the header links the React example', async () => {
    await page.getByRole('link', { name: 'React example' }).click();
    await expect(page).toHaveURL(`${HOST_ORIGIN}/react/`);
    await expect(page.getByRole('status')).toHaveText('Signed out');
    const font = await page.evaluate(() => getComputedStyle(document.body).fontFamily);
    expect(font.split(',')[0]?.trim()).toBe('Arial');
    await expect(page.getByRole('link', { name: 'Demo host' })).toHaveAttribute('href', '/');
  });
});

// One test per page: each loads the widget, and seven of them in one test's time ran out on a
// loaded machine.
for (const path of [
  '/',
  '/authenticate',
  '/reset-password',
  '/passkeys',
  '/idp',
  '/third-party-app',
  '/react/',
]) {
  test(`the demo host's ${path} logs no 404, its icon included`, async ({ page }) => {
    const missing: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 404) missing.push(response.url());
    });
    await page.goto(`${HOST_ORIGIN}${path}`, { waitUntil: 'networkidle' });
    // The icon the browser asks for: the page's declared one, else /favicon.ico.
    const icon = await page.evaluate(
      () =>
        document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ??
        `${location.origin}/favicon.ico`,
    );
    const answer = await page.request.get(icon);
    expect(answer.status(), icon).toBe(200);
    expect(answer.headers()['content-type']).toMatch(/^image\//);
    expect(missing).toEqual([]);
  });
}
