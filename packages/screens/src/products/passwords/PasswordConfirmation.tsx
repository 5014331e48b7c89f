import { SuccessScreen } from '../../components/SuccessScreen';

/** 'Success!' after a password or reset-token login. */
export function PasswordConfirmation() {
  return <SuccessScreen body="password.confirmation.body" />;
}
