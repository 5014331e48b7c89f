import { SuccessScreen } from '../../components/SuccessScreen';

/** 'Success!' after a popup sign-in (oauthOptions.mode: 'popup'); a redirect never comes back here. */
export function OAuthConfirmation() {
  return <SuccessScreen />;
}
