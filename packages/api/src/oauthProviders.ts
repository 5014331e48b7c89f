/**
 * OAuth provider types (docs/oauth.md), lower-case as in the OAuth start path
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

/** Each provider's name as its button spells it ('Continue with {provider}'); brand names, not translated. */
export const OAUTH_PROVIDER_NAMES: Readonly<Record<OAuthProviderType, string>> = {
  google: 'Google',
  microsoft: 'Microsoft',
  apple: 'Apple',
  github: 'Github',
  gitlab: 'GitLab',
  facebook: 'Facebook',
  discord: 'Discord',
  salesforce: 'Salesforce',
  slack: 'Slack',
  amazon: 'Amazon',
  bitbucket: 'Bitbucket',
  linkedin: 'LinkedIn',
  coinbase: 'Coinbase',
  twitch: 'Twitch',
  twitter: 'Twitter',
  tiktok: 'TikTok',
  snapchat: 'Snapchat',
  figma: 'Figma',
  yahoo: 'Yahoo',
};
