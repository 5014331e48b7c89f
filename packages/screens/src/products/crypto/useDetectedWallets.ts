import { useAtom } from 'jotai';
import { useEffect } from 'react';
import { useServices } from '../../services/ServicesContext';
import { detectedWalletsAtom } from './walletAtoms';
import { detectedWallets, type DetectedWallet } from './walletOptions';

/** The host page's wallets, asked for once per widget; null while the loader answers. */
export function useDetectedWallets(): DetectedWallet[] | null {
  const { host } = useServices();
  const [wallets, setWallets] = useAtom(detectedWalletsAtom);
  useEffect(() => {
    if (wallets !== null) return;
    let live = true;
    const { listWallets } = host;
    const ask = listWallets
      ? listWallets({}).catch(() => ({ wallets: [] }))
      : Promise.resolve({ wallets: [] });
    void ask.then((answer) => {
      if (live) setWallets(detectedWallets(answer.wallets));
    });
    return () => {
      live = false;
    };
  }, [host, wallets, setWallets]);
  return wallets;
}
