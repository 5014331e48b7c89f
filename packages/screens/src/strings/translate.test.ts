import { describe, expect, it } from 'vitest';
import { en } from '@latch/protocol';
import { createTranslator, fillPlaceholders } from './translate';

describe('strings', () => {
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
    const { t, unknownIds } = createTranslator({ 'login.title': 'Welcome, {name}', 'no.such.id': 'x' });
    expect(t('login.title', { name: 'Ada' })).toBe('Welcome, Ada');
    expect(t('tab.email')).toBe('Email');
    expect(unknownIds).toEqual(['no.such.id']);
  });

  it('never treats markup in a parameter as anything but text', () => {
    const { t } = createTranslator();
    expect(t('emailConfirmation.body', { email: '<img src=x onerror=alert(1)>' })).toBe(
      'An email was sent to <img src=x onerror=alert(1)>.',
    );
  });

  it('does not let an override of an inherited name through', () => {
    expect(createTranslator({ toString: 'x', constructor: 'y' }).unknownIds).toContain('toString');
  });
});
