import { describe, expect, it } from 'vitest';
import { passkeyDomain } from './passkeyConfig';

describe('passkey configuration', () => {
  it('uses passkeyOptions.domain, else the frame host name', () => {
    expect(passkeyDomain({ products: [], passkeyOptions: { domain: 'example.com' } }, 'auth.test')).toBe(
      'example.com',
    );
    expect(passkeyDomain({ products: [] }, 'auth.test')).toBe('auth.test');
  });
});
