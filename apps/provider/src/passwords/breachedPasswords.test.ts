import { describe, expect, it } from 'vitest';
import { breachedPasswordCount, isBreached } from './breachedPasswords';

describe('isBreached', () => {
  it('ships the full bundled list', () => {
    expect(breachedPasswordCount()).toBeGreaterThan(40_000);
  });

  it.each(['password', '123456', 'qwerty', 'iloveyou', 'letmein', 'trustno1', 'password1', 'p@ssw0rd'])(
    'flags %s',
    (pw) => {
      expect(isBreached(pw)).toBe(true);
    },
  );

  it('matches case-insensitively because the list is lowercase', () => {
    expect(isBreached('Password1')).toBe(true);
    expect(isBreached('PASSWORD')).toBe(true);
    expect(isBreached('QwErTy')).toBe(true);
  });

  it('does not flag uncommon passwords or near misses', () => {
    expect(isBreached('zorvex-quill-2026')).toBe(false);
    expect(isBreached('correct horse battery staple')).toBe(false);
    expect(isBreached('password ')).toBe(false);
    expect(isBreached('')).toBe(false);
  });
});
