import { SuccessScreen } from '../../components/SuccessScreen';

/** 'Success!' after a passkey sign-in. */
export function PasskeyConfirmation() {
  return <SuccessScreen body="passkey.confirmation.body" />;
}
