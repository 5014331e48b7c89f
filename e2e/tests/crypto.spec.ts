import { expect, test } from '../fixtures/test';
import { SESSION_COOKIES } from '../pages/HostPage';
import { installFakeWallet } from '../support/fakeWallet';

const CRYPTO = { products: ['crypto'] };
const ERROR_BODY =
  'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!';

test('Continue with Metamask signs in with a real wallet signature; the host gets the session', async ({
  host,
  page,
  provider,
}) => {
  const wallet = await installFakeWallet(page);
  await host.open({ config: CRYPTO });
  await host.frame.getByRole('button', { name: 'Continue with Metamask' }).click();

  await expect(host.frame.getByRole('heading', { name: 'Connecting to your wallet...' })).toBeVisible();
  wallet.approveConnection();
  await expect(host.frame.getByRole('heading', { name: 'Completing signature request...' })).toBeVisible();
  wallet.approveSignature();
  await expect(host.frame.getByRole('heading', { name: 'Success!' })).toBeVisible();
  await test.step('the success screen: a drawn check above the title, and a line that says what happened', async () => {
    await expect(
      host.frame.getByText('Your crypto wallet has been successfully authenticated.'),
    ).toBeVisible();
    const [mark, title] = await Promise.all(
      ['.latch-success-mark', '.latch-success .latch-title'].map((selector) =>
        host.frame.locator(selector).evaluate((el) => el.getBoundingClientRect().toJSON() as DOMRect),
      ),
    );
    expect(mark?.width).toBeGreaterThanOrEqual(32);
    expect(
      Math.abs((mark?.left ?? 0) + (mark?.width ?? 0) / 2 - ((title?.left ?? 0) + (title?.width ?? 0) / 2)),
    ).toBeLessThan(2);
    expect(mark?.bottom ?? 0).toBeLessThanOrEqual(title?.top ?? 0);
  });

  await expect.poll(() => host.sessionCookieNames()).toEqual(expect.arrayContaining(SESSION_COOKIES));
  const me = await provider.sdk('GET', '/users/me', {
    sessionToken: (await host.cookie('stytch_session')) ?? '',
  });
  expect((me.body['data'] as { crypto_wallets: unknown[] }).crypto_wallets).toEqual([
    expect.objectContaining({ crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' }),
  ]);
  expect((await host.recorded()).events.map((e) => e.type)).toEqual(
    expect.arrayContaining(['CRYPTO_WALLET_AUTHENTICATE_START', 'CRYPTO_WALLET_AUTHENTICATE']),
  );
});

test('a signature the wallet refuses (4001) ends on the crypto error screen, without a session', async ({
  host,
  page,
}) => {
  const wallet = await installFakeWallet(page, { rejectSignature: true });
  const logs: string[] = [];
  page.on('console', (message) => logs.push(message.text()));
  await host.open({ config: CRYPTO });
  await host.frame.getByRole('button', { name: 'Continue with Metamask' }).click();
  wallet.approveConnection();
  wallet.approveSignature();
  await expect(host.frame.getByRole('heading', { name: 'Looks like there was an error!' })).toBeVisible();
  await expect(host.frame.getByText(ERROR_BODY)).toBeVisible();
  expect(logs.some((text) => text.startsWith('[Error] Could not sign message'))).toBe(true);
  expect(await host.sessionCookieNames()).toEqual([]);
  await host.frame.getByRole('button', { name: 'Back' }).click();
  await expect(host.frame.getByRole('button', { name: 'Continue with Metamask' })).toBeVisible();
});
