import type { Page } from '@playwright/test';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

/** EIP-1193 "user rejected the request". */
const USER_REJECTED = 4001;

interface Gate {
  promise: Promise<void>;
  open(): void;
}

const gate = (): Gate => {
  let open = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
};

/**
 * A MetaMask stand-in in the HOST page: it announces itself over EIP-6963 (name 'MetaMask', rdns
 * 'io.metamask') and signs `personal_sign` in Node with a real secp256k1 key (viem), so the
 * provider verifies a real signature. Each wallet step waits for the test to open its gate, so
 * the screens in between can be seen.
 */
export async function installFakeWallet(page: Page, { rejectSignature = false } = {}) {
  const account = privateKeyToAccount(generatePrivateKey());
  const gates = { connect: gate(), sign: gate() };
  await page.exposeFunction('latchE2eWallet', async (step: string, message: string) => {
    if (step === 'connect') {
      await gates.connect.promise;
      return account.address;
    }
    await gates.sign.promise;
    if (rejectSignature) return null;
    // personal_sign carries the message as 0x hex of its UTF-8 bytes.
    return account.signMessage({ message: { raw: message as `0x${string}` } });
  });
  await page.addInitScript(
    ({ rejected }) => {
      type Bridge = (step: string, message: string) => Promise<string | null>;
      const bridge = (): Bridge => Reflect.get(window, 'latchE2eWallet') as Bridge;
      const provider = {
        isMetaMask: true,
        async request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === 'eth_requestAccounts' || method === 'eth_accounts')
            return [await bridge()('connect', '')];
          if (method === 'eth_chainId') return '0x1';
          if (method === 'personal_sign') {
            const signature = await bridge()('sign', String(params?.[0] ?? ''));
            if (signature === null)
              throw Object.assign(new Error('User rejected the request.'), { code: rejected });
            return signature;
          }
          throw Object.assign(new Error(`${method} is not supported by the fake wallet`), { code: 4200 });
        },
      };
      const info = {
        uuid: '9f3c5a8e-0d6b-4e55-9a41-2f1d7c1e2b3a',
        name: 'MetaMask',
        icon: 'data:,',
        rdns: 'io.metamask',
      };
      const announce = () =>
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
        );
      window.addEventListener('eip6963:requestProvider', announce);
      announce();
    },
    { rejected: USER_REJECTED },
  );
  return {
    address: account.address,
    approveConnection: () => gates.connect.open(),
    approveSignature: () => gates.sign.open(),
  };
}
