import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OAUTH_PROVIDERS } from '@latch/api';
import { authenticateResponse, errorReply, ok, stubProvider } from '../../test/stubProvider';
import { warmUpScreens } from '../../test/warmUp';
import {
  ADDRESS,
  CHALLENGE,
  COINBASE,
  METAMASK,
  PHANTOM,
  RAINBOW,
  renderCrypto,
  walletAnswers,
} from './cryptoTestKit';

const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`;
const provider = () =>
  stubProvider({
    'POST /crypto_wallets/authenticate/start/primary': () => ok({ challenge: CHALLENGE }),
    'POST /crypto_wallets/authenticate/start/secondary': () => ok({ challenge: CHALLENGE }),
    'POST /crypto_wallets/authenticate': () => ok(authenticateResponse()),
  });

const button = (name: string) => screen.findByRole('button', { name });
const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
afterEach(() => errors.mockClear());

describe('crypto wallets', () => {
  beforeAll(warmUpScreens, 30_000);

  it('offers a button per detected wallet, named as SPEC.md names them', async () => {
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

  it('with no wallet on the page, offers to set one up', async () => {
    renderCrypto({ wallets: [] });
    fireEvent.click(await button('Set up a new crypto wallet'));
    await screen.findByRole('heading', { name: 'Set up a new crypto wallet' });
  });

  it('signs in: connect, challenge, signature, session to the host, Success!', async () => {
    const stub = provider();
    const view = renderCrypto({ wallets: [METAMASK], fetch: stub.fetch });
    fireEvent.click(await button('Continue with Metamask'));
    await screen.findByRole('heading', { name: 'Success!' });
    expect(view.walletRequest.mock.calls.map(([r]) => r)).toEqual([
      { walletId: METAMASK.id, method: 'eth_requestAccounts' },
      { walletId: METAMASK.id, method: 'personal_sign', params: [hex(CHALLENGE), ADDRESS] },
    ]);
    expect(stub.calls).toEqual([
      {
        route: 'POST /crypto_wallets/authenticate/start/primary',
        body: { crypto_wallet_address: ADDRESS, crypto_wallet_type: 'ethereum' },
      },
      {
        route: 'POST /crypto_wallets/authenticate',
        body: {
          crypto_wallet_address: ADDRESS,
          crypto_wallet_type: 'ethereum',
          signature: '0xsignature',
          session_duration_minutes: 30,
        },
      },
    ]);
    expect(view.host.setSession).toHaveBeenCalledWith(
      expect.objectContaining({ session_token: 'session-token-test' }),
    );
    await waitFor(() =>
      expect(view.host.emitEvent.mock.calls.map(([e]) => e.type)).toEqual([
        'CRYPTO_WALLET_AUTHENTICATE_START',
        'CRYPTO_WALLET_AUTHENTICATE',
        'AUTHENTICATE_FLOW_COMPLETE',
      ]),
    );
  });

  it('a signed-in visitor adds the wallet to their account (secondary start)', async () => {
    const stub = provider();
    renderCrypto({
      wallets: [METAMASK],
      fetch: stub.fetch,
      mount: { session: { session_token: 'tok', session_jwt: 'jwt' } },
    });
    fireEvent.click(await button('Continue with Metamask'));
    await screen.findByRole('heading', { name: 'Success!' });
    expect(stub.calls[0]?.route).toBe('POST /crypto_wallets/authenticate/start/secondary');
  });

  it('a refused signature leads to CryptoError, logged as SPEC.md writes it; back returns to Main', async () => {
    const walletRequest = walletAnswers(() => ({
      ok: false,
      code: 4001,
      message: 'User rejected the request.',
    }));
    const stub = provider();
    const view = renderCrypto({ wallets: [METAMASK], walletRequest, fetch: stub.fetch });
    fireEvent.click(await button('Continue with Metamask'));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    screen.getByText(
      'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
    );
    expect(errors).toHaveBeenCalledWith('[Error] Could not sign message', expect.anything());
    expect(stub.calls.map((c) => c.route)).not.toContain('POST /crypto_wallets/authenticate');
    expect(view.host.setSession).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await button('Continue with Metamask');
  });

  it('a wallet that cannot connect, or a refused start, leads to CryptoError', async () => {
    const walletRequest = vi.fn(async () => ({ ok: false as const, code: 4001, message: 'rejected' }));
    const first = renderCrypto({ wallets: [METAMASK], walletRequest, fetch: provider().fetch });
    fireEvent.click(await button('Continue with Metamask'));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(errors).toHaveBeenCalledWith('[Error] Could not connect to wallet', expect.anything());
    first.unmount();

    const refused = stubProvider({
      'POST /crypto_wallets/authenticate/start/primary': () => errorReply('invalid_crypto_wallet_address'),
    });
    renderCrypto({ wallets: [METAMASK], fetch: refused.fetch });
    fireEvent.click(await button('Continue with Metamask'));
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
  });

  it('signs in with Phantom: connect, then signMessage of the challenge as text', async () => {
    const walletRequest = walletAnswers();
    walletRequest.mockImplementation(async (request) =>
      request.method === 'connect'
        ? { ok: true, result: 'So1anaAddress' }
        : { ok: true, result: 'base58sig' },
    );
    const stub = provider();
    renderCrypto({ wallets: [PHANTOM], walletRequest, fetch: stub.fetch });
    fireEvent.click(await button('Continue with Phantom'));
    await screen.findByRole('heading', { name: 'Success!' });
    expect(walletRequest.mock.calls[1]?.[0]).toEqual({
      walletId: PHANTOM.id,
      method: 'signMessage',
      params: [CHALLENGE],
    });
    await waitFor(() =>
      expect(stub.calls[1]?.body).toMatchObject({ crypto_wallet_type: 'solana', signature: 'base58sig' }),
    );
  });
});
