import { useAtomValue, useSetAtom } from 'jotai';
import { useErrorReporter } from '../../errors/useErrorReporter';
import { useEmitEvent } from '../../hooks/useEmitEvent';
import { useFlow } from '../../hooks/useFlow';
import { sendMagicLink } from '../../products/emailMagicLinks/sendMagicLink';
import { sendOtp } from '../../products/otp/sendOtp';
import { searchUser } from '../../products/passwords/searchUser';
import { useServices } from '../../services/ServicesContext';
import { setMagicLinkEmailAtom, updateOtpStateAtom, updatePasswordStateAtom } from '../../state/formAtoms';
import { configAtom } from '../../state/widgetAtoms';

export type EmailMode = 'magicLink' | 'otp' | 'password';

/**
 * Sends the magic link or the email passcode, or looks the user up for the password screens;
 * resolves to an error text, or '' on success.
 */
export function useEmailSubmit(mode: EmailMode): (email: string) => Promise<string> {
  const { api, eventLog } = useServices();
  const config = useAtomValue(configAtom);
  const setEmail = useSetAtom(setMagicLinkEmailAtom);
  const updateOtp = useSetAtom(updateOtpStateAtom);
  const updatePassword = useSetAtom(updatePasswordStateAtom);
  const dispatch = useFlow();
  const emit = useEmitEvent();
  const report = useErrorReporter();
  return async (email) => {
    try {
      if (mode === 'password') {
        updatePassword({ email, type: await searchUser(api, email) });
        dispatch('userFound');
      } else if (mode === 'magicLink') {
        const response = await sendMagicLink(api, email, config);
        emit('MAGIC_LINK_LOGIN_OR_CREATE', { ...response, email });
        eventLog.log('email_sent', { email, type: 'login_or_create_eml' });
        setEmail(email);
        dispatch('magicLinkSent');
      } else {
        const response = await sendOtp(api, { type: 'email', email }, config);
        emit('OTP_LOGIN_OR_CREATE', response);
        eventLog.log('email_sent', { email, type: 'login_or_create_otp' });
        updateOtp({ type: 'email', methodId: response.method_id, otpDestination: email });
        dispatch('otpSent');
      }
      return '';
    } catch (error) {
      return report(error);
    }
  };
}
