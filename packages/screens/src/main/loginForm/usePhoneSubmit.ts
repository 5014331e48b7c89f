import { useAtomValue, useSetAtom } from 'jotai';
import { useErrorReporter } from '../../errors/useErrorReporter';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useFlow } from '../../hooks/useFlow';
import { sendOtp } from '../../products/otp/sendOtp';
import { useServices } from '../../services/ServicesContext';
import { updateOtpStateAtom } from '../../state/formAtoms';
import { configAtom } from '../../state/widgetAtoms';

/** Sends a text-message or WhatsApp passcode; resolves to an error text, or '' on success. */
export function usePhoneSubmit(channel: 'sms' | 'whatsapp'): (e164: string) => Promise<string> {
  const { api } = useServices();
  const config = useAtomValue(configAtom);
  const updateOtp = useSetAtom(updateOtpStateAtom);
  const dispatch = useFlow();
  const emit = useEmitEvent();
  const report = useErrorReporter();
  return async (phoneNumber) => {
    try {
      const response = await sendOtp(api, { type: channel, phoneNumber }, config);
      emit('OTP_LOGIN_OR_CREATE', response);
      updateOtp({ type: channel, methodId: response.method_id, otpDestination: phoneNumber });
      dispatch('otpSent');
      return '';
    } catch (error) {
      return report(error);
    }
  };
}
