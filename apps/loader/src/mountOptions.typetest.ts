/**
 * Compile-time checks of the ESM build's public types (run by `npm run typecheck`, never executed).
 */
import type { LoginMountOptions } from './types';

const config: LoginMountOptions['config'] = { products: ['emailMagicLinks'] };

export const typed: LoginMountOptions = {
  elementId: '#login',
  config,
  strings: { 'login.title': 'Welcome to Orbit', 'toast.close': 'Dismiss' },
};

export const misspelt: LoginMountOptions = {
  elementId: '#login',
  config,
  // @ts-expect-error string ids are the catalogue's: a misspelt id does not compile
  strings: { 'login.titel': 'Welcome to Orbit' },
};

export const notText: LoginMountOptions = {
  elementId: '#login',
  config,
  // @ts-expect-error an override is text
  strings: { 'login.title': 42 },
};
