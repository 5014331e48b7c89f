import type { WalletInfo } from '@latch/protocol';

/** An EIP-1193 provider, as far as the relay uses it. */
export interface Eip1193Provider {
  request(args: { method: string; params?: readonly unknown[] }): Promise<unknown>;
}

/** Phantom's Solana provider, as far as the relay uses it. */
export interface SolanaProvider {
  connect(): Promise<{ publicKey: { toString(): string } }>;
  signMessage(message: Uint8Array, display?: 'utf8'): Promise<{ signature: Uint8Array }>;
}

export type FoundWallet = WalletInfo &
  ({ kind: 'ethereum'; provider: Eip1193Provider } | { kind: 'solana'; provider: SolanaProvider });

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;
const isEip1193 = (v: unknown): v is Eip1193Provider => isObject(v) && typeof v['request'] === 'function';
const isSolana = (v: unknown): v is SolanaProvider =>
  isObject(v) && typeof v['connect'] === 'function' && typeof v['signMessage'] === 'function';
const text = (v: unknown, max = 200): string | null =>
  typeof v === 'string' && v && v.length <= max ? v : null;

/** A Solana provider that may answer in Solflare's shapes: `connect()` without the key, bytes from `signMessage`. */
interface LooseSolana {
  connect(): Promise<unknown>;
  signMessage(message: Uint8Array, display?: 'utf8'): Promise<unknown>;
}
const isLooseSolana = (v: unknown): v is LooseSolana & Record<string, unknown> =>
  isObject(v) && typeof v['connect'] === 'function' && typeof v['signMessage'] === 'function';
const isKey = (v: unknown): v is { toString(): string } => isObject(v) && typeof v['toBase58'] === 'function';

/**
 * Phantom's shapes over any Solana provider: Solflare's `connect()` resolves to nothing useful and
 * leaves the key on the provider, and its `signMessage` answers the signature bytes themselves.
 */
function phantomShaped(p: LooseSolana & Record<string, unknown>): SolanaProvider {
  return {
    async connect() {
      const answer = await p.connect();
      const key = isObject(answer) && isKey(answer['publicKey']) ? answer['publicKey'] : p['publicKey'];
      if (!isKey(key)) throw new Error('The wallet gave no public key.');
      return { publicKey: key };
    },
    async signMessage(message, display) {
      const answer = await p.signMessage(message, display);
      const signature = answer instanceof Uint8Array ? answer : isObject(answer) ? answer['signature'] : null;
      if (!(signature instanceof Uint8Array)) throw new Error('The wallet answered no signature.');
      return { signature };
    },
  };
}

/** The name a legacy `window.ethereum` goes by, from the flags wallets set on it. */
function legacyName(provider: object): string {
  const flag = (name: string): boolean => Reflect.get(provider, name) === true;
  if (flag('isCoinbaseWallet')) return 'Coinbase Wallet';
  if (flag('isBinance') || flag('isBinanceChain')) return 'Binance Wallet';
  if (flag('isPhantom')) return 'Phantom';
  if (flag('isMetaMask')) return 'MetaMask';
  return 'Browser Wallet';
}

/**
 * Listens for EIP-6963 announcements on the host window for its lifetime, and reads the legacy
 * globals (`window.ethereum`, `window.BinanceChain`, `window.phantom.solana`, `window.solflare`
 * and any other `window.solana`) whenever asked.
 */
export function discoverWallets(win: Window): { request(): void; current(): FoundWallet[] } {
  const announced = new Map<string, FoundWallet>();
  // EIP-6963 is a CustomEvent between the page's scripts, not a postMessage: every script can send
  // one, and that is by design (the user still approves every request in the wallet's own UI).
  win.addEventListener('eip6963:announceProvider', (event) => {
    const detail: unknown = (event as Event & { detail?: unknown }).detail;
    if (!isObject(detail) || !isObject(detail['info']) || !isEip1193(detail['provider'])) return;
    const uuid = text(detail['info']['uuid']);
    const name = text(detail['info']['name']);
    if (!uuid || !name) return;
    const rdns = text(detail['info']['rdns']);
    const id = `eip6963:${uuid}`;
    announced.set(id, {
      id,
      name,
      kind: 'ethereum',
      provider: detail['provider'],
      ...(rdns ? { rdns } : {}),
    });
  });
  const request = () => win.dispatchEvent(new Event('eip6963:requestProvider'));
  request();

  return {
    request,
    current() {
      const found = [...announced.values()];
      const ethereum: unknown = Reflect.get(win, 'ethereum');
      if (isEip1193(ethereum) && !found.some((w) => w.provider === ethereum)) {
        found.push({
          id: 'injected:ethereum',
          name: legacyName(ethereum),
          kind: 'ethereum',
          provider: ethereum,
        });
      }
      const phantom: unknown = Reflect.get(win, 'phantom');
      const solana = isObject(phantom) ? phantom['solana'] : undefined;
      if (isSolana(solana))
        found.push({
          id: 'phantom:solana',
          name: 'Phantom',
          kind: 'solana',
          provider: solana,
          rdns: 'app.phantom',
        });
      // Binance Chain Wallet's own global, an EIP-1193 provider.
      const binance: unknown = Reflect.get(win, 'BinanceChain');
      if (isEip1193(binance) && !found.some((w) => w.provider === binance)) {
        found.push({
          id: 'injected:BinanceChain',
          name: 'Binance Wallet',
          kind: 'ethereum',
          provider: binance,
        });
      }
      const solflare: unknown = Reflect.get(win, 'solflare');
      if (isLooseSolana(solflare)) {
        found.push({
          id: 'solflare:solana',
          name: 'Solflare',
          kind: 'solana',
          provider: phantomShaped(solflare),
        });
      }
      // Any other wallet that injects the common `window.solana` (Phantom and Solflare set it too).
      const generic: unknown = Reflect.get(win, 'solana');
      if (isLooseSolana(generic) && generic !== solana && generic !== solflare) {
        found.push({
          id: 'injected:solana',
          name: 'Solana Wallet',
          kind: 'solana',
          provider: phantomShaped(generic),
        });
      }
      return found;
    },
  };
}
