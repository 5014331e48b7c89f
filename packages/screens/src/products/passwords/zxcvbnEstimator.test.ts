import { describe, expect, it } from 'vitest';
import { loadZxcvbn } from './loadZxcvbn';

describe('lazy zxcvbn', () => {
  it('loads once and scores common and strong passwords', async () => {
    const estimate = await loadZxcvbn();
    expect(await loadZxcvbn()).toBe(estimate);
    expect(estimate('password')).toBe(0);
    expect(estimate('correct-Horse-battery-staple-91')).toBe(4);
  });

  it('treats the email as a guessable word', async () => {
    const estimate = await loadZxcvbn();
    expect(estimate('adalovelace1815', ['adalovelace1815@example.com', 'adalovelace1815'])).toBeLessThan(
      estimate('adalovelace1815'),
    );
  });
});
