import {
  readValue,
  walletListSchema,
  walletResponseSchema,
  type WalletInfo,
  type WalletRequest,
} from '@latch/protocol';
import type { WidgetHost } from '../../services/WidgetServices';

/** A wallet said no (code 4001: the visitor rejected), or the relay could not reach it. */
export class WalletError extends Error {
  readonly code: number;
  constructor(code: number, message: string) {
    super(message);
    this.name = 'WalletError';
    this.code = code;
  }
}

/**
 * A small typed client for the loader's wallet relay: the wallets live in the host page, so every
 * call is a host method, and every answer is validated (the frame trusts the loader no more than
 * the loader trusts the frame).
 */
export async function listWallets(host: WidgetHost): Promise<WalletInfo[]> {
  if (!host.listWallets) return [];
  const parsed = readValue(walletListSchema, await host.listWallets({}), 'listWallets');
  return parsed.ok ? parsed.value.wallets : [];
}

async function call(host: WidgetHost, request: WalletRequest): Promise<string | string[]> {
  if (!host.walletRequest) throw new WalletError(4200, 'The host page has no wallet relay.');
  const parsed = readValue(walletResponseSchema, await host.walletRequest(request), request.method);
  if (!parsed.ok) throw new WalletError(-32603, parsed.error);
  if (!parsed.value.ok) throw new WalletError(parsed.value.code, parsed.value.message);
  return parsed.value.result;
}

/** Asks the wallet for its account: the address the challenge names. */
export async function connectWallet(host: WidgetHost, wallet: WalletInfo): Promise<string> {
  const result =
    wallet.kind === 'solana'
      ? await call(host, { walletId: wallet.id, method: 'connect' })
      : await call(host, { walletId: wallet.id, method: 'eth_requestAccounts' });
  const address = Array.isArray(result) ? result[0] : result;
  if (!address) throw new WalletError(4100, 'The wallet shared no account.');
  return address;
}

/** personal_sign takes the UTF-8 message as 0x hex, as wallets expect it. */
const utf8Hex = (text: string): string =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`;

/** Has the wallet sign the challenge: 0x hex (Ethereum) or base58 (Solana), as the API takes it. */
export async function signChallenge(
  host: WidgetHost,
  wallet: WalletInfo,
  address: string,
  challenge: string,
): Promise<string> {
  const result =
    wallet.kind === 'solana'
      ? await call(host, { walletId: wallet.id, method: 'signMessage', params: [challenge] })
      : await call(host, {
          walletId: wallet.id,
          method: 'personal_sign',
          params: [utf8Hex(challenge), address],
        });
  if (typeof result !== 'string' || !result)
    throw new WalletError(-32603, 'The wallet returned no signature.');
  return result;
}
