import { atom } from 'jotai';
import type { DetectedWallet } from './walletOptions';

/** The host page's wallets once the loader answered; null while asking. */
export const detectedWalletsAtom = atom<DetectedWallet[] | null>(null);

/** The wallet the visitor picked; CryptoConnect and CryptoSignMessage talk to it. */
export const chosenWalletAtom = atom<DetectedWallet | null>(null);
