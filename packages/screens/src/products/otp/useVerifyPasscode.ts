import { useAtomValue } from 'jotai';
import { DEFAULTS } from '@latch/protocol';
import { useErrorReporter } from '../../errors/useErrorReporter';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useServices } from '../../services/ServicesContext';
import { otpStateAtom } from '../../state/formAtoms';
import { useFinishAuthentication, useSessionDuration } from '../../session/useFinishAuthentication';
import { configAtom } from '../../state/widgetAtoms';
import { otpTargetFor, sendOtp } from './sendOtp';

/** OtpAuthenticate's logic: verify the code (session to the host) and resend a new one. */
export function useVerifyPasscode() {
  const { api } = useServices();
  const config = useAtomValue(configAtom);
  const otp = useAtomValue(otpStateAtom);
  const session_duration_minutes = useSessionDuration();
  const finish = useFinishAuthentication();
  const emit = useEmitEvent();
  const report = useErrorReporter();

  /** Resolves to an error text, or '' once the flow has moved on. */
  const verify = async (code: string): Promise<string> => {
    try {
      const response = await api.call('POST /otps/authenticate', {
        token: code,
        method_id: otp.methodId,
        session_duration_minutes,
      });
      await finish(response, 'OTP_AUTHENTICATE', 'otpVerified');
      return '';
    } catch (error) {
      return report(error);
    }
  };

  /** Resolves to why the code could not be sent (a rate limit's wait, say), or '' once it was. */
  const resend = async (): Promise<string> => {
    try {
      const response = await sendOtp(api, otpTargetFor(otp.type, otp.otpDestination), config);
      emit('OTP_LOGIN_OR_CREATE', response);
      return '';
    } catch (error) {
      return report(error);
    }
  };

  return {
    otp,
    verify,
    resend,
    expirationMinutes: config.otpOptions?.expirationMinutes ?? DEFAULTS.otpExpirationMinutes,
  };
}
