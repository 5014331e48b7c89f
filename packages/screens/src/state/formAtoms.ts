import { atom } from 'jotai';
import type { OtpMethod } from '@latch/protocol';
import type { StringId } from '@latch/protocol';
import type { CountryOption } from '../phone/phoneLib';

/** The widget's form state. Base atoms stay private to this module. */
export interface OtpState {
  type: OtpMethod;
  methodId: string;
  otpDestination: string;
}

export const WALLET_OPTIONS = [
  'Phantom',
  'Vessel',
  'Binance',
  'Coinbase',
  'Metamask',
  'GenericEthereumWallet',
  'GenericSolanaWallet',
] as const;
export type WalletOption = (typeof WALLET_OPTIONS)[number];

export interface CryptoState {
  walletAddress: string;
  walletOption: WalletOption;
  walletChallenge: string;
}

export type PasswordUserType = 'new' | 'password' | 'passwordless';
export interface PasswordState {
  email: string;
  type: PasswordUserType;
}

/**
 * What the visitor chose and typed on Main's login form that Back must not lose: the tab (a
 * `LoginMethod` of main/loginForm; null: the first), the phone country and the number.
 */
export interface LoginEntry {
  method: string | null;
  country: CountryOption;
  phone: string;
}

/** A banner message: a catalogue id, or the server's own text when it has no mapping. */
export type ErrorDescriptor = { id: StringId } | { message: string };

export const DEFAULT_OTP_STATE: OtpState = { type: 'email', methodId: '', otpDestination: '' };
export const DEFAULT_CRYPTO_STATE: CryptoState = {
  walletAddress: '',
  walletOption: 'Metamask',
  walletChallenge: '',
};
export const DEFAULT_PASSWORD_STATE: PasswordState = { email: '', type: 'new' };

const magicLinkEmailBase = atom('');
const otpStateBase = atom<OtpState>(DEFAULT_OTP_STATE);
const cryptoStateBase = atom<CryptoState>(DEFAULT_CRYPTO_STATE);
const passwordStateBase = atom<PasswordState>(DEFAULT_PASSWORD_STATE);
const resetTokenBase = atom('');
export const DEFAULT_COUNTRY: CountryOption = { code: 'US', dialCode: '1', name: 'United States' };
const loginEntryBase = atom<LoginEntry>({ method: null, country: DEFAULT_COUNTRY, phone: '' });
const errorDescriptorBase = atom<ErrorDescriptor | null>(null);

export const magicLinkEmailAtom = atom((get) => get(magicLinkEmailBase));
export const otpStateAtom = atom((get) => get(otpStateBase));
export const cryptoStateAtom = atom((get) => get(cryptoStateBase));
export const passwordStateAtom = atom((get) => get(passwordStateBase));
export const resetPasswordTokenAtom = atom((get) => get(resetTokenBase));
export const errorDescriptorAtom = atom((get) => get(errorDescriptorBase));
export const loginEntryAtom = atom((get) => get(loginEntryBase));

export const setMagicLinkEmailAtom = atom(null, (_get, set, email: string) => set(magicLinkEmailBase, email));
export const updateOtpStateAtom = atom(null, (get, set, patch: Partial<OtpState>) =>
  set(otpStateBase, { ...get(otpStateBase), ...patch }),
);
export const updateCryptoStateAtom = atom(null, (get, set, patch: Partial<CryptoState>) =>
  set(cryptoStateBase, { ...get(cryptoStateBase), ...patch }),
);
export const updatePasswordStateAtom = atom(null, (get, set, patch: Partial<PasswordState>) =>
  set(passwordStateBase, { ...get(passwordStateBase), ...patch }),
);
export const updateLoginEntryAtom = atom(null, (get, set, patch: Partial<LoginEntry>) =>
  set(loginEntryBase, { ...get(loginEntryBase), ...patch }),
);
export const setResetPasswordTokenAtom = atom(null, (_get, set, token: string) => set(resetTokenBase, token));
export const setErrorDescriptorAtom = atom(null, (_get, set, descriptor: ErrorDescriptor | null) =>
  set(errorDescriptorBase, descriptor),
);
