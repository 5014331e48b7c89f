import type { ApiClient, SdkBody } from '@latch/api';
import type { LoginConfig } from '@latch/protocol';
import { compact } from '../compact';

/** The reset-email body from the host's `passwordOptions` (`passwords/email/reset/start`). */
export function resetStartBody(
  email: string,
  config: LoginConfig,
): SdkBody<'POST /passwords/email/reset/start'> {
  const o = config.passwordOptions ?? {};
  return {
    email,
    ...compact({
      login_redirect_url: o.loginRedirectURL,
      reset_password_redirect_url: o.resetPasswordRedirectURL,
      reset_password_expiration_minutes: o.resetPasswordExpirationMinutes,
      reset_password_template_id: o.resetPasswordTemplateId,
      locale: o.locale,
    }),
  };
}

export function startPasswordReset(api: ApiClient, email: string, config: LoginConfig) {
  return api.call('POST /passwords/email/reset/start', resetStartBody(email, config));
}
