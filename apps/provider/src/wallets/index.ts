/** Crypto wallet sign-in: SIWE challenges, signature checks, and the wallets users own. */
export { canonicalAddress, type CryptoWalletType } from './address';
export { challengeMessage, CHALLENGE_TTL_MS, type SiweOptions } from './challengeMessage';
export { storeChallenge, takeChallenge } from './challengeStore';
export { verifyWalletSignature } from './verifySignature';
export { attachWallet, findOrCreateWalletUser, findWallet } from './walletStore';
