import { useErrorReporter } from '../../errors/useErrorReporter';
import { useServices } from '../../services/ServicesContext';
import { useFinishAuthentication, useSessionDuration } from '../../session/useFinishAuthentication';

/** The reset screen's two ways in with the emailed token; each resolves to an error text or ''. */
export function useResetPassword(token: string) {
  const { api } = useServices();
  const session_duration_minutes = useSessionDuration();
  const finish = useFinishAuthentication();
  const report = useErrorReporter();

  const reset = async (password: string): Promise<string> => {
    try {
      const response = await api.call('POST /passwords/email/reset', {
        token,
        password,
        session_duration_minutes,
      });
      await finish(response, 'PASSWORD_RESET_BY_EMAIL', 'passwordReset');
      return '';
    } catch (error) {
      return report(error);
    }
  };

  /** 'Login without a password', or a `stytch_token_type=login` link: the token as a magic link. */
  const logInWithToken = async (): Promise<string> => {
    try {
      const response = await api.call('POST /magic_links/authenticate', { token, session_duration_minutes });
      await finish(response, null, 'resetTokenLoggedIn');
      return '';
    } catch (error) {
      return report(error);
    }
  };

  return { reset, logInWithToken };
}
