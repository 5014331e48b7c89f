import { RESET_EXPIRATION_MINUTES } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import { deliver, type MessageMetadata } from '../delivery';
import type { Services } from '../http/deps';
import { sendOrKeepNewest } from '../limits/sendOrKeepNewest';
import { issueMagicLink, magicLinkUrl } from '../magicLinks/magicLinkTokens';
import type { EmailRecord } from '../users';
import { passwordResetEmail } from './resetEmail';
import { resetRedirects, type ResetRedirects } from './resetRedirects';
import { issueResetToken } from './resetTokens';

export interface ResetStart {
  email: EmailRecord;
  redirects: ResetRedirects;
  expirationMinutes: number;
  codeChallenge?: string | undefined;
  auto?: boolean;
  now: Date;
}

/** Extra fields of the reset email in the dev inbox (`url`/`token` are the reset link). */
export type ResetMessageMetadata = MessageMetadata & { login_url: string; login_token: string };

/**
 * Emails a reset link `<reset url>?token=<t>&stytch_token_type=reset_password` and a login link
 * `<login url>?token=<t2>&stytch_token_type=login`. The login token is an ordinary magic link, so
 * `POST /magic_links/authenticate` signs in with it. Both share the expiry and PKCE challenge. Over
 * the destination's budget, the newest reset email the request could use is kept working instead
 * (its reset token and login link: `sendOrKeepNewest`).
 */
export async function sendPasswordReset(
  services: Services,
  project: ProjectConfig,
  { email, redirects, expirationMinutes, codeChallenge, auto, now }: ResetStart,
): Promise<void> {
  await sendOrKeepNewest(services, project, {
    channel: 'email',
    to: email.email,
    newest: {
      kind: 'password_reset',
      userId: email.user_id,
      match: { email_id: email.email_id },
      codeChallenge,
    },
    minutes: expirationMinutes,
    maxMinutes: RESET_EXPIRATION_MINUTES.max,
    send: async (minutes) => {
      const common = {
        project,
        userId: email.user_id,
        emailId: email.email_id,
        expirationMinutes: minutes,
        codeChallenge,
        now,
      };
      const reset = await issueResetToken(services.db, {
        ...common,
        redirectUrl: redirects.resetUrl,
        auto: auto ?? false,
      });
      const login = await issueMagicLink(services.db, {
        ...common,
        redirectUrl: redirects.loginUrl,
        sentWith: reset.tokenId,
      });
      const resetUrl = magicLinkUrl(redirects.resetUrl, reset.token, 'reset_password');
      const loginUrl = magicLinkUrl(redirects.loginUrl, login.token, 'login');
      const metadata: ResetMessageMetadata = {
        url: resetUrl,
        token: reset.token,
        login_url: loginUrl,
        login_token: login.token,
      };
      await deliver(services, project, {
        channel: 'email',
        to: email.email,
        ...passwordResetEmail({ projectName: project.name, resetUrl, loginUrl, minutes }),
        metadata,
      });
    },
  });
}

/**
 * The reset email the server starts by itself (a correct but breached password, a required reset,
 * a passwordless user asking for a password), to the project's default redirect URLs. A project
 * without redirect URLs cannot send one; that is logged, and the caller still answers its error.
 */
export async function sendDefaultPasswordReset(
  services: Services,
  project: ProjectConfig,
  email: EmailRecord,
  now: Date,
): Promise<void> {
  if (project.redirect_urls.length === 0) {
    services.logger.error(
      { project_id: project.project_id },
      'no password reset email: the project has no redirect_urls',
    );
    return;
  }
  await sendPasswordReset(services, project, {
    email,
    redirects: resetRedirects(project, {}),
    expirationMinutes: RESET_EXPIRATION_MINUTES.default,
    auto: true,
    now,
  });
}
