import { MAGIC_LINK_EXPIRATION_MINUTES } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import { deliver, magicLinkEmail, resolveRedirectUrl } from '../delivery';
import type { Services } from '../http/deps';
import { sendOrKeepNewest } from '../limits/sendOrKeepNewest';
import { addMinutes } from '../sessions/duration';
import { findOrCreateUserByEmail, requireEmail } from '../users';
import { issueMagicLink } from './magicLinkTokens';

/** The options of a magic link request, as `/magic_links/email/login_or_create` and `send` take them. */
export interface MagicLinkOptions {
  login_magic_link_url?: string | undefined;
  signup_magic_link_url?: string | undefined;
  login_expiration_minutes?: number | undefined;
  signup_expiration_minutes?: number | undefined;
  code_challenge?: string | undefined;
}

/** Who the link is for: a signup link for a new or pending user, a login link otherwise. */
export interface MagicLinkRecipient {
  email: string;
  userId: string;
  emailId: string;
  signup: boolean;
}

/**
 * Issues a link for the recipient and emails it; over the destination's budget, the newest link
 * the request could use is kept working instead (`sendOrKeepNewest`). The redirect URLs are
 * checked against the project's list before anything is stored (an unlisted one is
 * `redirect_url_not_found`).
 */
export async function sendMagicLink(
  services: Services,
  project: ProjectConfig,
  to: MagicLinkRecipient,
  options: MagicLinkOptions,
): Promise<void> {
  const loginUrl = resolveRedirectUrl(project, options.login_magic_link_url, 'login_magic_link_url');
  const signupUrl = resolveRedirectUrl(project, options.signup_magic_link_url, 'signup_magic_link_url');
  const codeChallenge = options.code_challenge;
  await sendOrKeepNewest(services, project, {
    channel: 'email',
    to: to.email,
    newest: { kind: 'magic_link', userId: to.userId, match: { email_id: to.emailId }, codeChallenge },
    minutes:
      (to.signup ? options.signup_expiration_minutes : options.login_expiration_minutes) ??
      MAGIC_LINK_EXPIRATION_MINUTES.default,
    maxMinutes: MAGIC_LINK_EXPIRATION_MINUTES.max,
    send: async (tx, minutes) => {
      const now = new Date();
      const link = await issueMagicLink(tx, {
        project,
        userId: to.userId,
        emailId: to.emailId,
        redirectUrl: to.signup ? signupUrl : loginUrl,
        expirationMinutes: minutes,
        codeChallenge,
        now,
      });
      await deliver({ db: tx, delivery: services.delivery }, project, {
        channel: 'email',
        to: to.email,
        ...magicLinkEmail(project, { url: link.url, minutes, signup: to.signup }),
        metadata: { url: link.url, token: link.token },
        expiresAt: addMinutes(now, minutes),
      });
    },
  });
}

/**
 * `/magic_links/email/login_or_create`: the address's user, or a new one (active, or pending when
 * asked), gets a login or signup link. Answers who it went to and whether the user is new.
 */
export async function loginOrCreateByMagicLink(
  services: Services,
  project: ProjectConfig,
  request: MagicLinkOptions & { email: string; create_user_as_pending?: boolean | undefined },
): Promise<{ user_id: string; email_id: string; user_created: boolean }> {
  const email = requireEmail(request.email);
  // Checked before a user is created: an unlisted redirect URL leaves nothing behind.
  resolveRedirectUrl(project, request.login_magic_link_url, 'login_magic_link_url');
  resolveRedirectUrl(project, request.signup_magic_link_url, 'signup_magic_link_url');
  const user = await findOrCreateUserByEmail(services.db, project, email, {
    status: request.create_user_as_pending ? 'pending' : 'active',
  });
  const signup = user.status === 'pending' || user.created;
  await sendMagicLink(
    services,
    project,
    { email, userId: user.user_id, emailId: user.method_id, signup },
    request,
  );
  return { user_id: user.user_id, email_id: user.method_id, user_created: user.created };
}
