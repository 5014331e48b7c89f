/** What a sign-in at an upstream provider tells about the account, whatever the provider's shape. */
export interface UpstreamProfile {
  /** The provider's stable id of the account (`sub`, GitHub's numeric id, ...). */
  subject: string;
  email: string | null;
  /** True only when the provider itself says this address is verified (the linking rules). */
  emailVerified: boolean;
  givenName: string;
  familyName: string;
  picture: string;
  locale: string;
}

type Json = Record<string, unknown>;

export const str = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

export const obj = (value: unknown): Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Json) : {};

/** `given`/`family`, or a display name split at its last space when the provider gives only that. */
export function names(
  given: unknown,
  family: unknown,
  full: unknown,
): { givenName: string; familyName: string } {
  const g = str(given);
  const f = str(family);
  if (g || f) return { givenName: g, familyName: f };
  const whole = str(full).trim();
  const cut = whole.lastIndexOf(' ');
  return cut > 0
    ? { givenName: whole.slice(0, cut), familyName: whole.slice(cut + 1) }
    : { givenName: whole, familyName: '' };
}

/**
 * OpenID Connect claims (ID token, merged with UserInfo). `email_verified` is a boolean, or the
 * string "true" from Apple; Microsoft Entra has no `email_verified` and says so with `xms_edov`
 * (the email's domain is verified by the tenant).
 */
export function claimsProfile(claims: Json): UpstreamProfile {
  const email = str(claims['email']) || null;
  const verified =
    claims['email_verified'] === true ||
    claims['email_verified'] === 'true' ||
    claims['xms_edov'] === true ||
    claims['xms_edov'] === 'true';
  return {
    subject: str(claims['sub']),
    email,
    emailVerified: email !== null && verified,
    ...names(claims['given_name'], claims['family_name'], claims['name']),
    picture: str(claims['picture']),
    locale: str(claims['locale']),
  };
}

/** A profile of a provider that shares no email address (Twitter, TikTok, Snapchat). */
export const withoutEmail = (subject: string, displayName: unknown, picture: unknown): UpstreamProfile => ({
  subject,
  email: null,
  emailVerified: false,
  ...names(undefined, undefined, displayName),
  picture: str(picture),
  locale: '',
});
