import { useSetAtom } from 'jotai';
import { useCallback } from 'react';
import { useFlow } from '../../hooks/useFlow';
import { updateCryptoStateAtom } from '../../state/formAtoms';
import { chosenWalletAtom } from './walletAtoms';
import type { DetectedWallet } from './walletOptions';

/** Picking a wallet: remember it, then CryptoConnect (docs/crypto-wallets.md). */
export function useChooseWallet(): (wallet: DetectedWallet) => void {
  const setChosen = useSetAtom(chosenWalletAtom);
  const updateCrypto = useSetAtom(updateCryptoStateAtom);
  const dispatch = useFlow();
  return useCallback(
    (wallet) => {
      setChosen(wallet);
      updateCrypto({ walletOption: wallet.option, walletAddress: '', walletChallenge: '' });
      dispatch('walletChosen');
    },
    [setChosen, updateCrypto, dispatch],
  );
}
