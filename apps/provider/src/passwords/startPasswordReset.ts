import { RESET_EXPIRATION_MINUTES } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import { deliver, type MessageMetadata } from '../delivery';
import type { Services } from '../http/deps';
import { sendOrKeepNewest } from '../limits/sendOrKeepNewest';
import { issueMagicLink, magicLinkUrl } from '../magicLinks/magicLinkTokens';
import { AuthError } from '../errors/AuthError';
import { addMinutes } from '../sessions/duration';
import { findEmail, requireEmail, type EmailRecord } from '../users';
import { passwordResetEmail } from './resetEmail';
import { resetRedirects, type ResetRedirects } from './resetRedirects';
import { absorbAutoReset, issueResetToken } from './resetTokens';

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
    send: async (tx, minutes) => {
      const common = {
        project,
        userId: email.user_id,
        emailId: email.email_id,
        expirationMinutes: minutes,
        codeChallenge,
        now,
      };
      const reset = await issueResetToken(tx, {
        ...common,
        redirectUrl: redirects.resetUrl,
        auto: auto ?? false,
      });
      const login = await issueMagicLink(tx, {
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
      await deliver({ db: tx, delivery: services.delivery }, project, {
        channel: 'email',
        to: email.email,
        ...passwordResetEmail(project, { resetUrl, loginUrl, minutes }),
        metadata,
        expiresAt: addMinutes(now, minutes),
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

/** What `POST /passwords/email/reset/start` (SDK and backend) takes. */
export interface ResetStartRequest {
  email: string;
  login_redirect_url?: string | undefined;
  reset_password_redirect_url?: string | undefined;
  reset_password_expiration_minutes?: number | undefined;
  code_challenge?: string | undefined;
}

/**
 * `POST /passwords/email/reset/start`: the email's user gets a reset link (404 `email_not_found`
 * when there is none), unless a sign-in just emailed one itself (`absorbAutoReset`).
 */
export async function startResetByEmail(
  services: Services,
  project: ProjectConfig,
  body: ResetStartRequest,
): Promise<void> {
  const address = requireEmail(body.email);
  // Redirect URLs first: an unlisted page is refused whoever the email belongs to.
  const redirects = resetRedirects(project, body);
  const found = await findEmail(services.db, project.project_id, address);
  if (!found) throw new AuthError('email_not_found', 'No user has this email address.');
  const now = new Date();
  if (await absorbAutoReset(services.db, { projectId: project.project_id, userId: found.user_id, now }))
    return;
  await sendPasswordReset(services, project, {
    email: found,
    redirects,
    expirationMinutes: body.reset_password_expiration_minutes ?? RESET_EXPIRATION_MINUTES.default,
    codeChallenge: body.code_challenge,
    now,
  });
}
