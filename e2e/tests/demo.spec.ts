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
