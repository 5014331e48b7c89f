import { beforeAll, describe, expect, it } from 'vitest';
import { firstScreenStrings } from '@latch/protocol';
import { en } from '@latch/protocol/catalogue';
import { CataloguePending, loadCatalogue } from './catalogueLoader';
import { createTranslator, fillPlaceholders, unknownStringIds } from './translate';

describe('strings', () => {
  beforeAll(async () => {
    await loadCatalogue();
  });

  it('has the English texts of the widget', () => {
    expect(en['login.title']).toBe('Sign up or log in');
    expect(en['config.error.emlAndEmailOtp']).toBe('Error: Cannot use both EML and Email OTP');
    expect(en['config.error.passkeysAlone']).toBe(
      'Error: Cannot use Passkeys by itself, please add another product to the config.',
    );
    expect(en['watermark.poweredBy']).toBe('Powered by');
    expect(en['passcode.sentTo']).toBe('A 6-digit passcode was sent to you at {destination}.');
  });

  it('fills placeholders and keeps unknown ones visible', () => {
    expect(fillPlaceholders('Sent to {email} at {time}', { email: 'a@b.co' })).toBe(
      'Sent to a@b.co at {time}',
    );
  });

  it('applies host overrides by id and lists unknown ids', () => {
    const overrides = { 'login.title': 'Welcome, {name}', 'no.such.id': 'x' };
    const { t } = createTranslator(overrides);
    expect(t('login.title', { name: 'Ada' })).toBe('Welcome, Ada');
    expect(t('tab.email')).toBe('Email');
    expect(unknownStringIds(overrides, en)).toEqual(['no.such.id']);
  });

  it('never treats markup in a parameter as anything but text', () => {
    const { t } = createTranslator();
    expect(t('emailConfirmation.body', { email: '<img src=x onerror=alert(1)>' })).toBe(
      'An email was sent to <img src=x onerror=alert(1)>.',
    );
  });

  it('does not let an override of an inherited name through', () => {
    expect(unknownStringIds({ toString: 'x', constructor: 'y' }, en)).toEqual(['toString', 'constructor']);
  });

  it('is one catalogue whose first part is the login screen strings, with the same texts', async () => {
    expect(await loadCatalogue()).toBe(en);
    for (const [id, text] of Object.entries(firstScreenStrings)) expect(en).toHaveProperty([id], text);
    expect(Object.keys(en).length).toBeGreaterThan(Object.keys(firstScreenStrings).length);
  });

  it('suspends a render that asks for a later string until the catalogue is there', async () => {
    const pending = new CataloguePending('passcode.title');
    expect(pending).toBeInstanceOf(Error);
    expect(pending.message).toBe(
      'String "passcode.title" was asked for before the string catalogue had loaded.',
    );
    // React waits on a thrown thenable: it settles once the catalogue has loaded.
    await new Promise<void>((resolve, reject) => pending.then(resolve, reject));
    expect(createTranslator().t('passcode.title')).toBe('Enter passcode');
  });
});
