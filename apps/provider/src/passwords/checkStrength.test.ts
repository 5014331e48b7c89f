import { describe, expect, it } from 'vitest';
import { checkStrength } from './checkStrength';
import { MAX_PASSWORD_LENGTH } from './passwordInput';

const zxcvbn = { type: 'zxcvbn' } as const;
const luds = { type: 'luds', luds_complexity: 3, luds_minimum_count: 10 } as const;

describe('checkStrength (zxcvbn)', () => {
  it('marks a breached password invalid with a breach warning', () => {
    const r = checkStrength({ password: 'password', policy: zxcvbn });
    expect(r).toMatchObject({
      valid_password: false,
      score: 0,
      breached_password: true,
      strength_policy: 'zxcvbn',
      breach_detection_on_create: true,
    });
    expect(r.feedback.warning).toBe('Your password was exposed by a data breach on the Internet.');
    expect(r.feedback.suggestions.length).toBeGreaterThan(0);
  });

  it('accepts a long random passphrase with score 4', () => {
    const r = checkStrength({ password: 'timber-quasar-velvet-orbit-93', policy: zxcvbn });
    expect(r).toMatchObject({ valid_password: true, score: 4, breached_password: false });
    expect(r.feedback.warning).toBe('');
    expect(r.feedback.luds_requirements).toMatchObject({ missing_complexity: 0, missing_characters: 0 });
  });

  it('gives pattern feedback for a weak password that is not on the breach list', () => {
    const r = checkStrength({ password: 'aaaaaaaaa', policy: zxcvbn });
    expect(r).toMatchObject({ valid_password: false, breached_password: false });
    expect(r.score).toBeLessThan(3);
    expect(r.feedback.warning).toBe('Repeated characters like "aaa" are easy to guess.');
  });

  it('penalises parts of the email', () => {
    const email = 'alice.smith@example.com';
    const personal = checkStrength({ password: 'alicesmith2026', email, policy: zxcvbn });
    const random = checkStrength({ password: 'qzvkmrtwpx7391', email, policy: zxcvbn });
    expect(personal.score).toBeLessThan(random.score);
    expect(personal.valid_password).toBe(false);
    expect(personal.feedback.warning).toBe('There should not be any personal or page related data.');
    // Strong on its own, weak only because it repeats the user's email.
    const own = { password: 'zorvexquill2026', policy: zxcvbn };
    expect(checkStrength(own).valid_password).toBe(true);
    expect(checkStrength({ ...own, email: 'zorvexquill@example.com' }).valid_password).toBe(false);
  });

  it('never reports an over-long password valid', () => {
    const r = checkStrength({ password: 'Qz7!vK'.repeat(50), policy: zxcvbn });
    expect(r.valid_password).toBe(false);
    expect([...'Qz7!vK'.repeat(50)].length).toBeGreaterThan(MAX_PASSWORD_LENGTH);
  });

  it('stays fast on pathological input', () => {
    // CPU time of this thread, not wall time: other work on a busy machine does not count. With
    // zxcvbn's dictionaries loaded (the first call), the longest allowed input takes under 100 ms.
    checkStrength({ password: 'warm-up', policy: zxcvbn });
    const start = process.cpuUsage();
    checkStrength({ password: 'aB3$'.repeat(64), policy: zxcvbn });
    const { user, system } = process.cpuUsage(start);
    expect((user + system) / 1000).toBeLessThan(1000);
  });
});

describe('checkStrength (luds)', () => {
  it('reports missing classes and characters and is invalid until both are zero', () => {
    const r = checkStrength({ password: 'abc', policy: luds });
    expect(r).toMatchObject({ valid_password: false, strength_policy: 'luds', breached_password: false });
    expect(r.feedback.luds_requirements).toEqual({
      has_lower_case: true,
      has_upper_case: false,
      has_digit: false,
      has_symbol: false,
      missing_complexity: 2,
      missing_characters: 7,
    });
    expect(r.feedback).toMatchObject({ warning: '', suggestions: [] });
  });

  it('accepts a password that meets the rule, whatever its zxcvbn score', () => {
    const r = checkStrength({ password: 'Xylophone7x', policy: luds });
    expect(r).toMatchObject({ valid_password: true, breached_password: false });
    expect(r.feedback.luds_requirements).toMatchObject({ missing_complexity: 0, missing_characters: 0 });
    expect(r.score).toBeGreaterThanOrEqual(0);
  });

  it('refuses a breached password even when the rule is met', () => {
    const r = checkStrength({
      password: 'Password123',
      policy: { type: 'luds', luds_complexity: 3, luds_minimum_count: 8 },
    });
    expect(r.feedback.luds_requirements).toMatchObject({ missing_complexity: 0, missing_characters: 0 });
    expect(r).toMatchObject({ valid_password: false, breached_password: true });
  });
});
