import { useErrorReporter } from '../../errors/useErrorReporter';
import { useServices } from '../../services/ServicesContext';
import { useFinishAuthentication, useSessionDuration } from '../../session/useFinishAuthentication';

/** A spent or expired token is the reset email's link, not a magic link the visitor asked for. */
const RESET_LINK_TEXTS = { unable_to_auth_magic_link: 'password.reset.linkUsed' } as const;

/**
 * The reset screen's two ways in with the emailed token; each resolves to an error text or ''.
 * `link`: which link of the reset email brought the token (its failures name that link).
 */
export function useResetPassword(token: string, link: 'reset' | 'login') {
  const { api } = useServices();
  const session_duration_minutes = useSessionDuration();
  const finish = useFinishAuthentication();
  const report = useErrorReporter(link === 'reset' ? RESET_LINK_TEXTS : undefined);

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
