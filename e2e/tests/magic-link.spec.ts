import { expect, test } from '../fixtures/test';
import { HOST_ORIGIN } from '../support/env';
import { uniqueEmail } from '../support/devInbox';

test('a visitor signs up with a magic link on the demo host', async ({ demo, inbox, page }) => {
  const email = uniqueEmail('magic');
  await demo.open();
  await test.step('ask for a magic link', () => demo.login.requestMagicLink(email));
  await test.step('the widget confirms the email was sent', () => demo.emailConfirmation.expectSentTo(email));

  const link = await test.step('the dev inbox received a link to the landing page', async () => {
    const message = await inbox.latestTo(email);
    expect(message.metadata.url).toMatch(new RegExp(`^${HOST_ORIGIN}/authenticate\\?`));
    return message.metadata.url ?? '';
  });

  await test.step('open the link: the landing page signs the visitor in', async () => {
    await page.goto(link);
    await expect(demo.landingStatus()).toHaveText('Signed in.');
    await expect(demo.landingResult()).toContainText(email);
    expect(new URL(page.url()).searchParams.has('token')).toBe(false);
  });

  await test.step('the host origin now holds the session cookies', async () => {
    const names = (await page.context().cookies(`${HOST_ORIGIN}/`)).map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining(['stytch_session', 'stytch_session_jwt']));
  });
});
