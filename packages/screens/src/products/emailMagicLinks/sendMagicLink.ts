import type { ApiClient, SdkBody } from '@latch/api';
import { DEFAULTS, type LoginConfig } from '@latch/protocol';
import { compact } from '../compact';

/** The login-or-create body from the host's `emailMagicLinksOptions`. */
export function magicLinkBody(
  email: string,
  config: LoginConfig,
): SdkBody<'POST /magic_links/email/login_or_create'> {
  const o = config.emailMagicLinksOptions ?? {};
  return {
    email,
    login_expiration_minutes: o.loginExpirationMinutes ?? DEFAULTS.magicLinkExpirationMinutes,
    signup_expiration_minutes: o.signupExpirationMinutes ?? DEFAULTS.magicLinkExpirationMinutes,
    ...compact({
      login_magic_link_url: o.loginRedirectURL,
      signup_magic_link_url: o.signupRedirectURL,
      login_template_id: o.loginTemplateId,
      signup_template_id: o.signupTemplateId,
      create_user_as_pending: o.createUserAsPending,
      locale: o.locale,
    }),
  };
}

export function sendMagicLink(api: ApiClient, email: string, config: LoginConfig) {
  return api.call('POST /magic_links/email/login_or_create', magicLinkBody(email, config));
}
