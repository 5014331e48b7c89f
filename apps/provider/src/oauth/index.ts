export { consumeOAuthToken, issueOAuthState, issueOAuthToken, takeOAuthState } from './oauthTokens';
export type { OAuthGrant, OAuthState, ProviderValues } from './oauthTokens';
export { findProviderAccount, linkProviderAccount } from './providerAccounts';
export type { ProviderAccount } from './providerAccounts';
export { landFailed, landSignedIn } from './oauthLanding';
