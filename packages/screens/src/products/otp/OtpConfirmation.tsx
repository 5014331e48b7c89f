import { SuccessScreen } from '../../components/SuccessScreen';

/** 'Success!' after a verified passcode. */
export function OTPConfirmation() {
  return <SuccessScreen body="otpConfirmation.body" />;
}
