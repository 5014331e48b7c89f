/**
 * OAuth provider types (SPEC.md section 3), lower-case as in the OAuth start path
 * `/v1/public/oauth/{provider}/start`. One list for the widget's config and the provider's.
 */
export const OAUTH_PROVIDERS = [
  'google',
  'microsoft',
  'apple',
  'github',
  'gitlab',
  'facebook',
  'discord',
  'salesforce',
  'slack',
  'amazon',
  'bitbucket',
  'linkedin',
  'coinbase',
  'twitch',
  'twitter',
  'tiktok',
  'snapchat',
  'figma',
  'yahoo',
] as const;

export type OAuthProviderType = (typeof OAUTH_PROVIDERS)[number];
