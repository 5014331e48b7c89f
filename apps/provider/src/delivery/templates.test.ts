import { describe, expect, it } from 'vitest';
import { magicLinkEmail, otpEmail, otpText } from './templates';

const projectName = 'Acme';
const code = '123456';

describe('message texts', () => {
  it('say "1 minute", never "1 minutes"', () => {
    expect(otpText({ projectName, code, minutes: 1 }).text).toBe(
      '123456 is your Acme verification code. It expires in 1 minute.',
    );
    const email = otpEmail({ projectName, code, minutes: 1 });
    expect(email.text).toContain('It expires in 1 minute.\n');
    expect(email.html).toContain('It expires in 1 minute. ');
    const link = magicLinkEmail({ projectName, url: 'https://a.example/x', minutes: 1, signup: false });
    expect(link.text).toContain('open this link within 1 minute.');
    expect(link.html).toContain('open this link within 1 minute.');
  });

  it('use the plural for every other count', () => {
    for (const minutes of [0, 2, 5, 11, 21, 30, 1440]) {
      expect(otpText({ projectName, code, minutes }).text).toContain(`It expires in ${minutes} minutes.`);
    }
  });
});
