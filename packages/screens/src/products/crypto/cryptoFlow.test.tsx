import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OAUTH_PROVIDERS } from '@latch/api';
import { errorResponse } from '@latch/msw';
import { providerServer, uniqueEmail } from '../../test/providerServer';
import { warmUpScreens } from '../../test/warmUp';
import {
  COINBASE,
  METAMASK,
  PHANTOM,
  RAINBOW,
  renderCrypto,
  walletAnswers,
} from '../../test/crypto/cryptoTestKit';

const text = (hex: string) => Buffer.from(hex.slice(2), 'hex').toString('utf8');
const provider = providerServer();
const routes = async () => (await provider.sent()).map((c) => c.route);

const button = (name: string) => screen.findByRole('button', { name });
const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
afterEach(() => errors.mockClear());

describe('crypto wallets', () => {
  beforeAll(warmUpScreens, 30_000);

  it('offers a button per detected wallet, named as the widget names them', async () => {
    renderCrypto({ wallets: [METAMASK, RAINBOW, PHANTOM] });
    await button('Continue with Metamask');
    await button('Continue with Other Ethereum Wallet');
    await button('Continue with Phantom');
    expect(screen.queryByRole('button', { name: 'Continue with other Crypto Wallet' })).toBeNull();
  });

  it('shows as many wallets as fit beside the OAuth buttons, then the other-wallets button', async () => {
    const providers = OAUTH_PROVIDERS.slice(0, 3).map((type) => ({ type }));
    renderCrypto({
      wallets: [METAMASK, RAINBOW, PHANTOM, COINBASE],
      config: { products: ['oauth', 'crypto'], oauthOptions: { providers } },
    });
    // 6 - 3 OAuth buttons - 1 = 2 wallets.
    await button('Continue with Metamask');
    await button('Continue with Other Ethereum Wallet');
    expect(screen.queryByRole('button', { name: 'Continue with Phantom' })).toBeNull();
    fireEvent.click(await button('Continue with other Crypto Wallet'));
    await screen.findByRole('heading', { name: 'Other Crypto Wallets' });
    await button('Continue with Phantom');
    await button('Continue with Coinbase');
    fireEvent.click(await button('Set up a new crypto wallet'));
    await screen.findByRole('heading', { name: 'Set up a new crypto wallet' });
    expect(screen.getByRole('link', { name: 'Download Metamask' }).getAttribute('href')).toBe(
      'https://metamask.io/download/',
    );
  });

  it('Coinbase as OAuth provider and as wallet: two buttons that read differently', async () => {
    renderCrypto({
      wallets: [COINBASE],
      config: { products: ['oauth', 'crypto'], oauthOptions: { providers: [{ type: 'coinbase' }] } },
    });
    await button('Continue with Coinbase Wallet');
    const labels = screen.getAllByRole('button').map((b) => b.textContent);
    expect(labels.filter((label) => label?.startsWith('Continue with Coinbase'))).toEqual([
      'Continue with Coinbase',
      'Continue with Coinbase Wallet',
    ]);
  });

  it('with no wallet on the page, offers to set one up', async () => {
    renderCrypto({ wallets: [] });
    fireEvent.click(await button('Set up a new crypto wallet'));
    await screen.findByRole('heading', { name: 'Set up a new crypto wallet' });
  });

  it('signs in: connect, challenge, signature, session to the host, Success!', async () => {
    const view = renderCrypto({ wallets: [METAMASK] });
    const address = view.walletRequest.ethereumAddress;
    fireEvent.click(await button('Continue with Metamask'));
    await screen.findByRole('heading', { name: 'Success!' });
    expect(view.walletRequest.mock.calls.map(([r]) => r)).toEqual([
      { walletId: METAMASK.id, method: 'eth_requestAccounts' },
      { walletId: METAMASK.id, method: 'personal_sign', params: [expect.stringMatching(/^0x/), address] },
    ]);
    // The provider's SIWE challenge for this address, as UTF-8 hex.
    const challenge = text(String(view.walletRequest.mock.calls[1]?.[0].params?.[0]));
    expect(challenge).toContain(`wants you to sign in with your Ethereum account:\n${address}`);
    const signature = (await view.walletRequest.mock.results[1]?.value) as { result: string };
    expect(await provider.sent()).toEqual([
      {
        route: 'POST /crypto_wallets/authenticate/start/primary',
        body: { crypto_wallet_address: address, crypto_wallet_type: 'ethereum' },
      },
      {
        route: 'POST /crypto_wallets/authenticate',
        body: {
          crypto_wallet_address: address,
          crypto_wallet_type: 'ethereum',
          signature: signature.result,
          session_duration_minutes: 30,
        },
      },
    ]);
    const live = await provider.expectHandedSession(view.host.setSession.mock.calls[0]?.[0]);
    expect(live.user.crypto_wallets).toMatchObject([
      { crypto_wallet_address: address, crypto_wallet_type: 'ethereum' },
    ]);
    await waitFor(() =>
      expect(view.host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'CRYPTO_WALLET_AUTHENTICATE_START',
        'CRYPTO_WALLET_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
  });

  it('a signed-in visitor adds the wallet to their account (secondary start)', async () => {
    const email = uniqueEmail();
    const { session_token, session_jwt, user } = await provider.signUpWithPassword(
      email,
      'correct-Horse-battery-staple-91',
    );
    const view = renderCrypto({ wallets: [METAMASK], mount: { session: { session_token, session_jwt } } });
    fireEvent.click(await button('Continue with Metamask'));
    await screen.findByRole('heading', { name: 'Success!' });
    expect((await routes())[0]).toBe('POST /crypto_wallets/authenticate/start/secondary');
    const live = await provider.expectHandedSession(view.host.setSession.mock.calls[0]?.[0], email);
    expect(live.user.user_id).toBe(user.user_id);
    expect(live.user.crypto_wallets).toMatchObject([
      { crypto_wallet_address: view.walletRequest.ethereumAddress },
    ]);
  });

  it('a refused signature leads to CryptoError, logged with its wallet step; back returns to Main', async () => {
    const walletRequest = walletAnswers(() => ({
      ok: false,
      code: 4001,
      message: 'User rejected the request.',
    }));
    const view = renderCrypto({ wallets: [METAMASK], walletRequest });
    fireEvent.click(await button('Continue with Metamask'));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    screen.getByText(
      'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
    );
    expect(errors).toHaveBeenCalledWith('[Error] Could not sign message', expect.anything());
    expect(await routes()).toEqual(['POST /crypto_wallets/authenticate/start/primary']);
    expect(view.host.setSession).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await button('Continue with Metamask');
  });

  it('a wallet that cannot connect, or a refused start, leads to CryptoError', async () => {
    const walletRequest = vi.fn(async () => ({ ok: false as const, code: 4001, message: 'rejected' }));
    const first = renderCrypto({ wallets: [METAMASK], walletRequest });
    fireEvent.click(await button('Continue with Metamask'));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(errors).toHaveBeenCalledWith('[Error] Could not connect to wallet', expect.anything());
    first.unmount();

    provider.override(
      'POST /crypto_wallets/authenticate/start/primary',
      errorResponse('invalid_crypto_wallet_address', 400),
    );
    renderCrypto({ wallets: [METAMASK] });
    fireEvent.click(await button('Continue with Metamask'));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
  });

  it('signs in with Phantom: connect, then signMessage of the challenge as text', async () => {
    const { walletRequest, host } = renderCrypto({ wallets: [PHANTOM] });
    fireEvent.click(await button('Continue with Phantom'));
    await screen.findByRole('heading', { name: 'Success!' });
    expect(walletRequest.mock.calls[0]?.[0]).toEqual({ walletId: PHANTOM.id, method: 'connect' });
    expect(walletRequest.mock.calls[1]?.[0]).toEqual({
      walletId: PHANTOM.id,
      method: 'signMessage',
      params: [expect.stringContaining(walletRequest.solanaAddress)],
    });
    const signature = (await walletRequest.mock.results[1]?.value) as { result: string };
    await waitFor(async () =>
      expect((await provider.sent())[1]?.body).toMatchObject({
        crypto_wallet_type: 'solana',
        signature: signature.result,
      }),
    );
    const live = await provider.expectHandedSession(host.setSession.mock.calls[0]?.[0]);
    expect(live.user.crypto_wallets).toMatchObject([{ crypto_wallet_address: walletRequest.solanaAddress }]);
  });
});
