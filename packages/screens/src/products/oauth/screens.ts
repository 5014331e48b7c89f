import { OAuthConfirmation } from './OAuthConfirmation';

export const screens = { OAuthConfirmation };
