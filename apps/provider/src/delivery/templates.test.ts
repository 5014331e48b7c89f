import { describe, expect, it } from 'vitest';
import { magicLinkEmail, otpEmail, otpText, renderEmail } from './templates';

describe('email templates', () => {
  it("lay a message out with the project's name, a text and an HTML part", () => {
    const mail = magicLinkEmail(
      { name: 'Acme' },
      { url: 'https://acme.example/auth?token=a&b', minutes: 15, signup: false },
    );
    expect(mail.subject).toBe('Your login link for Acme');
    expect(mail.text).toBe(
      'Log in to Acme: open this link within 15 minutes.\n\nLog in to Acme:\nhttps://acme.example/auth?token=a&b\n\n' +
        'If you did not ask for it, ignore this email.',
    );
    expect(mail.html).toContain('<strong style="font-size:1.25rem">Acme</strong>');
    expect(mail.html).toContain('href="https://acme.example/auth?token=a&amp;b"');
    expect(mail.html).toContain('background:#1a73e8');
  });

  it("use the project's logo, colour, closing line and footer, escaped", () => {
    const project = {
      name: 'Acme <Labs>',
      email_template: {
        logo_url: 'https://acme.example/logo.png?a=1&b="2"',
        primary_color: '#ff6600',
        ignore_notice: 'Not you? Write to <security@acme.example>.',
        footer: 'Acme Labs, 1 Road & Street',
      },
    };
    const mail = otpEmail(project, { code: '123456', minutes: 5 });
    expect(mail.html).toContain(
      '<img src="https://acme.example/logo.png?a=1&amp;b=&quot;2&quot;" alt="Acme &lt;Labs&gt;"',
    );
    expect(mail.html).toContain('color:#ff6600"><strong>123456</strong>');
    expect(mail.html).toContain('Not you? Write to &lt;security@acme.example&gt;.');
    expect(mail.html).toContain('Acme Labs, 1 Road &amp; Street');
    expect(mail.html).not.toContain('ignore this email');
    expect(mail.text).toBe(
      'Your Acme <Labs> verification code is below. It expires in 5 minutes.\n\n123456\n\n' +
        'Not you? Write to <security@acme.example>.\n\n--\nAcme Labs, 1 Road & Street',
    );
  });

  it('never lets a label or lead close the markup', () => {
    const mail = renderEmail(
      { name: 'x' },
      {
        subject: 's',
        lead: '</p><script>',
        notice: 'n',
        actions: [{ label: '"><b>', url: 'https://x.example' }],
      },
    );
    expect(mail.html).not.toMatch(/<script>|"><b>/);
  });
});

describe('message texts', () => {
  const project = { name: 'Acme' };
  const code = '123456';

  it('say "1 minute", never "1 minutes"', () => {
    expect(otpText(project, { code, minutes: 1 }).text).toBe(
      '123456 is your Acme verification code. It expires in 1 minute.',
    );
    const email = otpEmail(project, { code, minutes: 1 });
    expect(email.text).toContain('It expires in 1 minute.\n');
    expect(email.html).toContain('It expires in 1 minute.<');
    const link = magicLinkEmail(project, { url: 'https://a.example/x', minutes: 1, signup: false });
    expect(link.text).toContain('open this link within 1 minute.');
    expect(link.html).toContain('open this link within 1 minute.<');
  });

  it('use the plural for every other count', () => {
    for (const minutes of [0, 2, 5, 11, 21, 30, 1440]) {
      expect(otpText(project, { code, minutes }).text).toContain(`It expires in ${minutes} minutes.`);
    }
  });
});
