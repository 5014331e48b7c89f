import { describe, expect, it } from 'vitest';
import { resetTokenFrom } from './resetToken';

describe('reset token', () => {
  it('reads token and type from the host page query', () => {
    expect(resetTokenFrom({ hostSearch: '?token=abc&stytch_token_type=login' })).toEqual({
      token: 'abc',
      type: 'login',
    });
    expect(resetTokenFrom({ hostSearch: '?token=abc' })).toEqual({ token: 'abc', type: 'reset_password' });
  });

  it('prefers the token the host passed, typed by the query only when it is the same token', () => {
    expect(
      resetTokenFrom({ passwordResetToken: 'given', hostSearch: '?token=other&stytch_token_type=login' }),
    ).toEqual({ token: 'given', type: 'reset_password' });
    expect(
      resetTokenFrom({ passwordResetToken: 'same', hostSearch: '?token=same&stytch_token_type=login' }),
    ).toEqual({ token: 'same', type: 'login' });
  });

  it('has no token without either source', () => {
    expect(resetTokenFrom({ hostSearch: '' }).token).toBe('');
  });
});
