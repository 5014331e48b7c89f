import { describe, expect, it } from 'vitest';
import { ludsRequirements } from './ludsRequirements';

describe('ludsRequirements', () => {
  it('reports classes present and nothing missing when the policy is met', () => {
    expect(ludsRequirements('Abcdef1!', 4, 8)).toEqual({
      has_lower_case: true,
      has_upper_case: true,
      has_digit: true,
      has_symbol: true,
      missing_complexity: 0,
      missing_characters: 0,
    });
  });

  it('counts missing classes and characters', () => {
    expect(ludsRequirements('abc', 3, 10)).toMatchObject({
      has_lower_case: true,
      has_upper_case: false,
      has_digit: false,
      has_symbol: false,
      missing_complexity: 2,
      missing_characters: 7,
    });
    expect(ludsRequirements('', 2, 4)).toMatchObject({ missing_complexity: 2, missing_characters: 4 });
  });

  it('never reports negative numbers', () => {
    expect(ludsRequirements('Abcdefghijkl', 1, 4)).toMatchObject({
      missing_complexity: 0,
      missing_characters: 0,
    });
  });

  it('treats spaces and emoji as symbols and counts characters by code point', () => {
    const r = ludsRequirements('ab \u{1F510}', 2, 5);
    expect(r).toMatchObject({ has_symbol: true, missing_complexity: 0, missing_characters: 1 });
  });

  it('recognises non-ASCII letters and caps the complexity at four classes', () => {
    expect(ludsRequirements('Ärger', 2, 1)).toMatchObject({ has_upper_case: true, has_lower_case: true });
    expect(ludsRequirements('Aa1!', 5, 1).missing_complexity).toBe(0);
  });
});
