import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseFrameSearch } from '@latch/protocol';
import { LAZY_MODULES, preloadModules } from './preloadModules';

const { loginForm, phoneForm, phoneLib, passkeyButton } = LAZY_MODULES;
/** A frame URL's query string carrying `config`, as the loader builds it. */
const searchOf = (config: unknown) => `?${new URLSearchParams({ config: JSON.stringify(config) })}`;
/** The config the provider's shared parser reads from a frame URL's query string. */
const parsed = (search: string) => parseFrameSearch(search).config;
const login = (config: unknown) => preloadModules('login', parsed(searchOf(config)));

describe('preloadModules', () => {
  it('names source files that exist, as Vite keys them (from apps/frame)', () => {
    const frameRoot = new URL('../../../frame/', import.meta.url);
    for (const key of Object.values(LAZY_MODULES))
      expect(existsSync(fileURLToPath(new URL(key, frameRoot))), key).toBe(true);
  });

  it('preloads the login form for every product with an email or phone form', () => {
    expect(login({ products: ['emailMagicLinks'] })).toEqual([loginForm]);
    expect(login({ products: ['passwords'] })).toEqual([loginForm]);
    expect(login({ products: ['otp'], otpOptions: { methods: ['email'] } })).toEqual([loginForm]);
  });

  it('preloads the phone form for any phone tab, and the phone library when it is the first', () => {
    expect(login({ products: ['otp'], otpOptions: { methods: ['sms', 'email'] } })).toEqual([
      loginForm,
      phoneForm,
      phoneLib,
    ]);
    expect(login({ products: ['otp'], otpOptions: { methods: ['whatsapp'] } })).toEqual([
      loginForm,
      phoneForm,
      phoneLib,
    ]);
    expect(login({ products: ['otp'], otpOptions: { methods: ['email', 'sms'] } })).toEqual([
      loginForm,
      phoneForm,
    ]);
    expect(login({ products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } })).toEqual([
      loginForm,
      phoneForm,
    ]);
    // otpOptions without the otp product: no phone tab.
    expect(login({ products: ['emailMagicLinks'], otpOptions: { methods: ['sms'] } })).toEqual([loginForm]);
  });

  it('preloads the passkey button only when no email field can offer passkeys by autofill', () => {
    expect(login({ products: ['passkeys'] })).toEqual([passkeyButton]);
    expect(login({ products: ['passkeys', 'otp'], otpOptions: { methods: ['sms'] } })).toEqual([
      loginForm,
      phoneForm,
      phoneLib,
      passkeyButton,
    ]);
    expect(login({ products: ['passkeys', 'emailMagicLinks'] })).toEqual([loginForm]);
  });

  it('preloads nothing for other frames or a config it cannot read', () => {
    expect(preloadModules('reset-password', parsed(searchOf({ products: ['passwords'] })))).toEqual([]);
    expect(preloadModules('login', parsed(''))).toEqual([]);
    expect(preloadModules('login', parsed('?config=%7Bnot%20json'))).toEqual([]);
    expect(login({})).toEqual([]);
    expect(login({ products: 'emailMagicLinks' })).toEqual([]);
    expect(login({ products: ['oauth'] })).toEqual([]);
  });
});
