import type { User } from '@latch/api';
import { describe, expect, it } from 'vitest';
import { userClaims } from './userClaims';

const user = (patch: Partial<User> = {}): User => ({
  user_id: 'user-test-1',
  created_at: '2025-01-01T00:00:00.000Z',
  status: 'active',
  name: { first_name: 'Grace', middle_name: 'Brewster', last_name: 'Hopper' },
  emails: [
    { email_id: 'e1', email: 'old@example.com', verified: false },
    { email_id: 'e2', email: 'grace@example.com', verified: true },
  ],
  phone_numbers: [{ phone_id: 'p1', phone_number: '+15555550100', verified: true }],
  providers: [
    {
      oauth_user_registration_id: 'r1',
      provider_subject: 's',
      provider_type: 'google',
      profile_picture_url: 'https://pics.example/g.png',
      locale: 'en-US',
    },
  ],
  password: null,
  crypto_wallets: [],
  webauthn_registrations: [],
  totps: [],
  roles: [],
  trusted_metadata: {},
  untrusted_metadata: {},
  ...patch,
});

describe('userClaims', () => {
  it('releases each scope its standard claims, the verified email first', () => {
    expect(userClaims(user(), ['openid', 'profile', 'email', 'phone'])).toEqual({
      name: 'Grace Brewster Hopper',
      given_name: 'Grace',
      middle_name: 'Brewster',
      family_name: 'Hopper',
      picture: 'https://pics.example/g.png',
      locale: 'en-US',
      email: 'grace@example.com',
      email_verified: true,
      phone_number: '+15555550100',
      phone_number_verified: true,
    });
  });

  it('releases nothing for openid alone, and leaves out what the user does not have', () => {
    expect(userClaims(user(), ['openid', 'offline_access'])).toEqual({});
    const bare = user({
      name: { first_name: '', middle_name: '', last_name: '' },
      emails: [{ email_id: 'e1', email: 'only@example.com', verified: false }],
      phone_numbers: [],
      providers: [],
    });
    expect(userClaims(bare, ['profile', 'email', 'phone'])).toEqual({
      email: 'only@example.com',
      email_verified: false,
    });
  });
});
