// Wallets for the gallery's host page: five EIP-6963 announcements (more than Main has room for
// beside two OAuth buttons), of which MetaMask signs for real (viem) so the sign-in reaches Success.
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

const WALLETS = [
  { name: 'MetaMask', rdns: 'io.metamask' },
  { name: 'Coinbase Wallet', rdns: 'com.coinbase.wallet' },
  { name: 'Binance Wallet', rdns: 'com.binance.wallet' },
  { name: 'Rainbow', rdns: 'me.rainbow' },
  { name: 'Vessel', rdns: 'finance.vessel' },
];

export async function installWallets(page) {
  const account = privateKeyToAccount(generatePrivateKey());
  await page.exposeFunction('galleryWallet', async (method, message) =>
    method === 'personal_sign' ? account.signMessage({ message: { raw: message } }) : account.address,
  );
  await page.addInitScript((wallets) => {
    const announce = () => {
      for (const [index, { name, rdns }] of wallets.entries()) {
        const provider = {
          async request({ method, params }) {
            if (method === 'eth_chainId') return '0x1';
            const answer = await window.galleryWallet(method, String(params?.[0] ?? ''));
            return method === 'personal_sign' ? answer : [answer];
          },
        };
        const info = { uuid: `00000000-0000-4000-8000-00000000000${index}`, name, icon: 'data:,', rdns };
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info, provider }) }),
        );
      }
    };
    window.addEventListener('eip6963:requestProvider', announce);
    announce();
  }, WALLETS);
}
