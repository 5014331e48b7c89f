import { describe, expect, it } from 'vitest';
import { createTranslator } from '../../strings/translate';
import { ludsLines } from './ludsLines';

const feedback = (missing_characters: number, missing_complexity: number) => ({
  warning: '',
  suggestions: [],
  luds_requirements: {
    has_lower_case: true,
    has_upper_case: false,
    has_digit: false,
    has_symbol: false,
    missing_characters,
    missing_complexity,
  },
});

describe('LUDS lines', () => {
  const { t } = createTranslator();

  it('writes the bootstrap numbers and marks each line from luds_requirements', () => {
    const lines = ludsLines(
      { feedback: feedback(4, 0), breached_password: false },
      { ludsMinimumCount: 12, ludsComplexity: 2 },
    );
    expect(lines.map((l) => [t(l.id, { count: l.count ?? '' }), l.met])).toEqual([
      ['Must be at least 12 character(s) long', false],
      ['Must contain 2 of the following: uppercase letter, lowercase letter, number, symbol', true],
    ]);
  });

  it('adds the breached line, unmet, for a breached password', () => {
    const lines = ludsLines(
      { feedback: feedback(0, 0), breached_password: true },
      { ludsMinimumCount: 10, ludsComplexity: 4 },
    );
    expect(lines.map((l) => l.met)).toEqual([true, true, false]);
    expect(t(lines[2]?.id ?? 'password.luds.complexity')).toBe(
      'This password may have been used on a different site that experienced a security issue. Please choose another password.',
    );
  });

  it('falls back to the default numbers without a password config', () => {
    const lines = ludsLines({ feedback: feedback(1, 1), breached_password: false }, null);
    expect(lines.map((l) => l.count)).toEqual([8, 3]);
  });
});
