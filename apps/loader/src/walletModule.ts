// Entry of dist/loader-wallets.js: wallet discovery and the request allowlist, fetched by the
// channel only when the frame first asks for wallets (a crypto login screen).
export { getWalletRelay } from './walletRelay';
