import { translations } from '@zxcvbn-ts/language-en';
import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../strings/translate';
import { translatePhrase, zxcvbnPhraseId } from './zxcvbnPhrases';

describe('zxcvbn phrases', () => {
  it('has a catalogue id for every warning and suggestion of @zxcvbn-ts/language-en', () => {
    for (const [key, phrase] of Object.entries(translations.warnings)) {
      expect(zxcvbnPhraseId(phrase)).toBe(`password.zxcvbn.warning.${key}`);
    }
    for (const [key, phrase] of Object.entries(translations.suggestions)) {
      expect(zxcvbnPhraseId(phrase)).toBe(`password.zxcvbn.suggestion.${key}`);
    }
  });

  it('translates a known phrase through host overrides and shows an unknown one as sent', () => {
    const { t } = createTranslator({ 'password.zxcvbn.warning.dates': 'Fechas son fáciles.' });
    expect(translatePhrase('Dates are easy to guess.', t)).toBe('Fechas son fáciles.');
    expect(translatePhrase('Avoid recent years.', t)).toBe('Avoid recent years.');
    expect(translatePhrase('Something the provider made up.', t)).toBe('Something the provider made up.');
  });
});
