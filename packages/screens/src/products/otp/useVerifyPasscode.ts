import { useAtomValue } from 'jotai';
import { DEFAULTS } from '@latch/protocol';
import { useErrorReporter } from '../../errors/useErrorReporter';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useFlow } from '../../hooks/useFlow';
import { useServices } from '../../services/ServicesContext';
import { otpStateAtom } from '../../state/formAtoms';
import { configAtom } from '../../state/widgetAtoms';
import { otpTargetFor, sendOtp } from './sendOtp';

/** OtpAuthenticate's logic: verify the code (session to the host) and resend a new one. */
export function useVerifyPasscode() {
  const { api, host } = useServices();
  const config = useAtomValue(configAtom);
  const otp = useAtomValue(otpStateAtom);
  const dispatch = useFlow();
  const emit = useEmitEvent();
  const report = useErrorReporter();

  /** Resolves to an error text, or '' once the flow has moved on. */
  const verify = async (code: string): Promise<string> => {
    try {
      const response = await api.call('POST /otps/authenticate', {
        token: code,
        method_id: otp.methodId,
        session_duration_minutes:
          config.sessionOptions?.sessionDurationMinutes ?? DEFAULTS.sessionDurationMinutes,
      });
      const { session_token, session_jwt, session, user } = response;
      await host.setSession({ session_token, session_jwt, session, user }).catch(() => undefined);
      emit('OTP_AUTHENTICATE', response);
      dispatch('otpVerified');
      return '';
    } catch (error) {
      return report(error);
    }
  };

  const resend = async (): Promise<boolean> => {
    try {
      const response = await sendOtp(api, otpTargetFor(otp.type, otp.otpDestination), config);
      emit('OTP_LOGIN_OR_CREATE', response);
      return true;
    } catch (error) {
      report(error);
      return false;
    }
  };

  return {
    otp,
    verify,
    resend,
    expirationMinutes: config.otpOptions?.expirationMinutes ?? DEFAULTS.otpExpirationMinutes,
  };
}
