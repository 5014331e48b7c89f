import { describe, expect, it } from 'vitest';
import { isUri } from './uri';

describe('isUri (RFC 3986)', () => {
  it.each([
    'https://example.com',
    'https://user:pw@example.com:8443/a/b;c=d?x=1&y=%20#frag/ment?',
    'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
    'urn:isbn:0451450523',
    'mailto:ada@example.com',
    'http://[::1]:3000/',
    'http://[v1.fe]/',
    'did:pkh:eip155:1:0xb9c5714089478a327f09197987f16f9e5d936e8a',
    'a:',
  ])('accepts %s', (value) => expect(isUri(value)).toBe(true));

  it.each([
    ['a space', 'https://example.com/a b'],
    ['a quote', 'https://example.com/"'],
    ['braces', 'https://example.com/{x}'],
    ['a backslash', 'https://example.com\\path'],
    ['CRLF', 'https://example.com/\r\nResources: x'],
    ['a lone LF', 'https://example.com\n- https://evil.example'],
    ['broken percent-encoding', 'https://example.com/%4'],
    ['no scheme', '//example.com/'],
    ['a relative path', 'example.com'],
    ['a scheme not starting with a letter', '1http://example.com'],
    ['brackets outside a host', 'https://example.com/[x]'],
    ['a non-ASCII character', 'https://exämple.com/'],
  ])('refuses %s', (_what, value) => expect(isUri(value)).toBe(false));

  it('answers at once for long adversarial input', () => {
    const started = performance.now();
    for (const value of [
      'a://' + 'a:'.repeat(1000) + ' ',
      'a:' + '/%2'.repeat(700) + '\n',
      'a://' + '@'.repeat(2000),
    ]) {
      expect(isUri(value)).toBe(false);
    }
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
