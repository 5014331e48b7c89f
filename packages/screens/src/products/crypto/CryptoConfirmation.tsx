import { SuccessScreen } from '../../components/SuccessScreen';

/** 'Success!' after a wallet sign-in. */
export function CryptoConfirmation() {
  return <SuccessScreen body="crypto.confirmation.body" />;
}
