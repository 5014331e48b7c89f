import type { User } from '@latch/api';

/** Standard claims (OpenID Connect Core section 5.1) a scope releases (section 5.4). */
export const SCOPE_CLAIMS = {
  profile: ['name', 'given_name', 'middle_name', 'family_name', 'picture', 'locale'],
  email: ['email', 'email_verified'],
  phone: ['phone_number', 'phone_number_verified'],
} as const;

export type UserClaims = Record<string, string | boolean>;

/** The verified entry if there is one, else the first: what the user most likely calls theirs. */
const preferred = <T extends { verified: boolean }>(items: readonly T[]): T | undefined =>
  items.find((i) => i.verified) ?? items[0];

/**
 * The claims `scopes` grant about `user`, for the ID token and UserInfo alike. A claim the user has
 * no value for is left out, never sent empty (section 5.3.2).
 */
export function userClaims(user: User, scopes: readonly string[]): UserClaims {
  const claims: UserClaims = {};
  if (scopes.includes('profile')) {
    const { first_name, middle_name, last_name } = user.name;
    const name = [first_name, middle_name, last_name].filter((part) => part !== '').join(' ');
    if (name) claims['name'] = name;
    if (first_name) claims['given_name'] = first_name;
    if (middle_name) claims['middle_name'] = middle_name;
    if (last_name) claims['family_name'] = last_name;
    const picture = user.providers.find((p) => p.profile_picture_url)?.profile_picture_url;
    if (picture) claims['picture'] = picture;
    const locale = user.providers.find((p) => p.locale)?.locale;
    if (locale) claims['locale'] = locale;
  }
  if (scopes.includes('email')) {
    const email = preferred(user.emails);
    if (email) {
      claims['email'] = email.email;
      claims['email_verified'] = email.verified;
    }
  }
  if (scopes.includes('phone')) {
    const phone = preferred(user.phone_numbers);
    if (phone) {
      claims['phone_number'] = phone.phone_number;
      claims['phone_number_verified'] = phone.verified;
    }
  }
  return claims;
}
