import { describe, expect, it } from 'vitest';
import { findTarget, readMountOptions } from './readMountOptions';

const config = { products: ['emailMagicLinks'] };

describe('readMountOptions', () => {
  it('accepts a minimal login mount and fills defaults', () => {
    expect(readMountOptions('login', { elementId: '#x', config })).toEqual({
      selector: '#x',
      config,
      styles: {},
      strings: {},
      callbacks: {},
      autoFocus: false,
    });
  });

  it('names the bad config path', () => {
    expect(() => readMountOptions('login', { elementId: '#x', config: { products: ['email'] } })).toThrow(
      new TypeError(
        'Latch: invalid mount option config.products[0]: expected one of emailMagicLinks, otp, passwords, passkeys, oauth, crypto, got string',
      ),
    );
    expect(() =>
      readMountOptions('login', {
        elementId: '#x',
        config: { products: [], otpOptions: { methods: ['fax'] } },
      }),
    ).toThrow(/config\.otpOptions\.methods\[0\]/);
    expect(() => readMountOptions('login', { elementId: '#x' })).toThrow(/config: expected an object/);
  });

  it('names bad styles, strings, callbacks and unknown options', () => {
    const base = { elementId: '#x', config };
    expect(() => readMountOptions('login', { ...base, styles: { colors: { primary: 3 } } })).toThrow(
      /styles\.colors\.primary/,
    );
    expect(() => readMountOptions('login', { ...base, styles: [{}, {}, {}] })).toThrow(TypeError);
    expect(() => readMountOptions('login', { ...base, strings: { greeting: 42 } })).toThrow(
      /strings\.greeting/,
    );
    expect(() => readMountOptions('login', { ...base, callbacks: { onEvent: 'x' } })).toThrow(
      /callbacks\.onEvent/,
    );
    expect(() => readMountOptions('login', { ...base, callbacks: { onEvnt: () => {} } })).toThrow(
      /callbacks\.onEvnt: unknown/,
    );
    expect(() => readMountOptions('login', { ...base, passwordResetToken: 't' })).toThrow(
      /passwordResetToken: unknown/,
    );
    expect(() => readMountOptions('login', null)).toThrow(TypeError);
  });

  it('takes the kind-specific options', () => {
    const reset = readMountOptions('reset-password', { elementId: '#x', config, passwordResetToken: 'tok' });
    expect(reset.passwordResetToken).toBe('tok');
    const manifest = () => ['Read your profile'];
    const idp = readMountOptions('identity-provider', {
      elementId: '#x',
      getIDPConsentManifest: manifest,
      authTokenParams: { trustedAuthToken: 'a', tokenProfileID: 'b' },
    });
    expect(idp.config).toEqual({ products: [] });
    expect(idp.getIDPConsentManifest).toBe(manifest);
    expect(() =>
      readMountOptions('identity-provider', { elementId: '#x', authTokenParams: { trustedAuthToken: 'a' } }),
    ).toThrow(/authTokenParams\.tokenProfileID/);
  });
});

describe('findTarget', () => {
  it('throws naming a selector that matches nothing', () => {
    expect(() => findTarget('#nowhere')).toThrow(/\(#nowhere\) applies to no DOM elements/);
  });

  it('throws naming an invalid selector', () => {
    expect(() => findTarget('##bad[')).toThrow(/\(##bad\[\) is not a valid CSS selector/);
  });

  it('finds the element', () => {
    document.body.innerHTML = '<div id="here"></div>';
    expect(findTarget('#here').id).toBe('here');
  });
});
