import { SuccessScreen } from '../../components/SuccessScreen';

/** 'Success!' after a verified passcode. */
export function OtpConfirmation() {
  return <SuccessScreen body="otpConfirmation.body" />;
}
