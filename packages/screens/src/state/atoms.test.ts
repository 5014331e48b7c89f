import { describe, expect, it } from 'vitest';
import { DEFAULT_BOOTSTRAP } from '@latch/api';
import { createWidgetStore } from './createWidgetStore';
import {
  cryptoStateAtom,
  errorDescriptorAtom,
  magicLinkEmailAtom,
  otpStateAtom,
  passwordStateAtom,
  setErrorDescriptorAtom,
  setMagicLinkEmailAtom,
  updateOtpStateAtom,
} from './formAtoms';
import {
  applyMountStateAtom,
  configAtom,
  DEFAULT_MOUNT_STATE,
  dispatchOutcomeAtom,
  screenAtom,
} from './widgetAtoms';

const store = (kind: typeof DEFAULT_MOUNT_STATE.kind = 'login') =>
  createWidgetStore({ mount: { ...DEFAULT_MOUNT_STATE, kind }, bootstrap: DEFAULT_BOOTSTRAP });

describe('widget state', () => {
  it('starts each kind on its first screen with the default form state', () => {
    expect(store().get(screenAtom)).toBe('Main');
    expect(store('reset-password').get(screenAtom)).toBe('PasswordResetForm');
    expect(store('passkey-registration').get(screenAtom)).toBe('PasskeyRegistrationStart');
    const s = store();
    expect(s.get(otpStateAtom)).toEqual({ type: 'email', methodId: '', otpDestination: '' });
    expect(s.get(passwordStateAtom)).toEqual({ email: '', type: 'new' });
    expect(s.get(cryptoStateAtom).walletOption).toBe('Metamask');
  });

  it('moves by outcome and clears the magic-link email on try again', () => {
    const s = store();
    s.set(setMagicLinkEmailAtom, 'ada@example.com');
    s.set(dispatchOutcomeAtom, 'magicLinkSent');
    expect(s.get(screenAtom)).toBe('EmailConfirmation');
    expect(s.get(magicLinkEmailAtom)).toBe('ada@example.com');
    s.set(dispatchOutcomeAtom, 'tryAgain');
    expect(s.get(screenAtom)).toBe('Main');
    expect(s.get(magicLinkEmailAtom)).toBe('');
  });

  it('ignores an outcome that means nothing on the current screen', () => {
    const s = store();
    s.set(dispatchOutcomeAtom, 'otpVerified');
    expect(s.get(screenAtom)).toBe('Main');
  });

  it('clears the error descriptor after a passkey sign-in', () => {
    const s = store();
    s.set(setErrorDescriptorAtom, { id: 'error.passkeyUnknown' });
    s.set(dispatchOutcomeAtom, 'passkeyAuthenticated');
    expect(s.get(screenAtom)).toBe('PasskeyConfirmation');
    expect(s.get(errorDescriptorAtom)).toBeNull();
  });

  it('merges OTP state and applies new mount options', () => {
    const s = store();
    s.set(updateOtpStateAtom, { methodId: 'phone-number-test-1', otpDestination: '+1 555' });
    expect(s.get(otpStateAtom)).toEqual({
      type: 'email',
      methodId: 'phone-number-test-1',
      otpDestination: '+1 555',
    });
    s.set(applyMountStateAtom, { ...DEFAULT_MOUNT_STATE, config: { products: ['otp'] } });
    expect(s.get(configAtom).products).toEqual(['otp']);
  });

  it('starts over from a signed-in screen once the host has no session, and only from one', () => {
    const session = { session_token: 'tok', session_jwt: 'jwt' };
    const s = store();
    s.set(dispatchOutcomeAtom, 'otpSent');
    s.set(dispatchOutcomeAtom, 'otpVerified');
    expect(s.get(screenAtom)).toBe('OTPConfirmation');
    s.set(applyMountStateAtom, { ...DEFAULT_MOUNT_STATE, session });
    expect(s.get(screenAtom)).toBe('OTPConfirmation');
    // Revoked in another tab: the loader sends the session's end.
    s.set(applyMountStateAtom, { ...DEFAULT_MOUNT_STATE, session: null });
    expect(s.get(screenAtom)).toBe('Main');

    // A screen that says nothing about a session stays.
    s.set(dispatchOutcomeAtom, 'otpSent');
    s.set(applyMountStateAtom, { ...DEFAULT_MOUNT_STATE, session: null });
    expect(s.get(screenAtom)).toBe('OTPAuthenticate');

    // The passkey list needs its user: the registration mount starts over (and says why there).
    const registration = store('passkey-registration');
    registration.set(dispatchOutcomeAtom, 'passkeyRegistered');
    expect(registration.get(screenAtom)).toBe('PasskeyRegistrationSuccess');
    registration.set(applyMountStateAtom, {
      ...DEFAULT_MOUNT_STATE,
      kind: 'passkey-registration',
      session: null,
    });
    expect(registration.get(screenAtom)).toBe('PasskeyRegistrationStart');
  });

  it('keeps stores independent', () => {
    const a = store();
    const b = store();
    a.set(dispatchOutcomeAtom, 'otpSent');
    expect(a.get(screenAtom)).toBe('OTPAuthenticate');
    expect(b.get(screenAtom)).toBe('Main');
  });
});

describe('products a mount may show', () => {
  it('adds passwords to a reset-password mount and marks the host answer', async () => {
    const { createStore } = await import('jotai');
    const { applyMountStateAtom, DEFAULT_MOUNT_STATE, hostAnsweredAtom, productsAtom } =
      await import('./widgetAtoms');
    const store = createStore();
    expect(store.get(hostAnsweredAtom)).toBe(false);
    store.set(applyMountStateAtom, { ...DEFAULT_MOUNT_STATE, kind: 'reset-password' });
    expect(store.get(productsAtom)).toEqual(['passwords']);
    expect(store.get(hostAnsweredAtom)).toBe(true);
    store.set(applyMountStateAtom, { ...DEFAULT_MOUNT_STATE, config: { products: ['otp'] } });
    expect(store.get(productsAtom)).toEqual(['otp']);
  });
});
