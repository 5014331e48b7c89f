import { deliver, magicLinkEmail, resolveRedirectUrl } from '../delivery';
import { ApiFailure } from '../http/ApiFailure';
import { sdkRoute, type Route } from '../http/route';
import { consumeResetToken } from '../passwords';
import { consumeMagicLink, issueMagicLink, MAGIC_LINK_EXPIRATION_MINUTES } from './magicLinkTokens';
import { DEFAULT_SESSION_MINUTES, sessionDurationMinutes } from '../sessions';
import { finishAuthentication } from '../sessions/finishAuthentication';
import {
  activateUser,
  findEmailById,
  findOrCreateUserByEmail,
  markEmailVerified,
  requireEmail,
} from '../users';
import { boolean, defaulted, integer, object, optional, string } from '../validate';

const { min, max } = MAGIC_LINK_EXPIRATION_MINUTES;
const url = () => optional(string({ min: 1, max: 2048 }));

const loginOrCreateBody = object({
  email: string({ min: 1, max: 320 }),
  login_magic_link_url: url(),
  signup_magic_link_url: url(),
  login_expiration_minutes: optional(integer(min, max)),
  signup_expiration_minutes: optional(integer(min, max)),
  login_template_id: optional(string({ max: 256 })),
  signup_template_id: optional(string({ max: 256 })),
  locale: optional(string({ max: 35 })),
  // RFC 7636: base64url of a SHA-256 digest is 43 characters.
  code_challenge: optional(string({ min: 43, max: 128 })),
  create_user_as_pending: optional(boolean()),
});

const authenticateBody = object({
  token: string({ min: 1, max: 512 }),
  session_duration_minutes: defaulted(sessionDurationMinutes(), () => DEFAULT_SESSION_MINUTES),
  code_verifier: optional(string({ min: 1, max: 256 })),
});

export const magicLinkRoutes: Route[] = [
  sdkRoute(
    'POST /magic_links/email/login_or_create',
    loginOrCreateBody,
    async ({ body, project, services }) => {
      const email = requireEmail(body.email);
      const loginUrl = resolveRedirectUrl(project, body.login_magic_link_url, 'login_magic_link_url');
      const signupUrl = resolveRedirectUrl(project, body.signup_magic_link_url, 'signup_magic_link_url');
      const user = await findOrCreateUserByEmail(services.db, project, email, {
        status: body.create_user_as_pending ? 'pending' : 'active',
      });
      const signup = user.status === 'pending' || user.created;
      const minutes =
        (signup ? body.signup_expiration_minutes : body.login_expiration_minutes) ??
        MAGIC_LINK_EXPIRATION_MINUTES.default;
      const link = await issueMagicLink(services.db, {
        project,
        userId: user.user_id,
        emailId: user.method_id,
        redirectUrl: signup ? signupUrl : loginUrl,
        expirationMinutes: minutes,
        codeChallenge: body.code_challenge,
        now: new Date(),
      });
      await deliver(services, project, {
        channel: 'email',
        to: email,
        ...magicLinkEmail({ projectName: project.name, url: link.url, minutes, signup }),
        metadata: { url: link.url, token: link.token },
      });
      // No user id and the same answer for new and known addresses: no account enumeration.
      return {};
    },
  ),

  sdkRoute('POST /magic_links/authenticate', authenticateBody, async (input) => {
    const { body, project, services } = input;
    const { db } = services;
    const now = new Date();
    const link = {
      projectId: project.project_id,
      token: body.token,
      codeVerifier: body.code_verifier,
      now,
    };
    // A reset email's token also logs in: the reset screen's 'Login without a password' sends it here.
    const used = (await consumeMagicLink(db, link)) ?? (await consumeResetToken(db, link));
    const email = used && (await findEmailById(db, project.project_id, used.emailId));
    if (!used || !email) {
      throw new ApiFailure(
        'unable_to_auth_magic_link',
        401,
        'The magic link was already used, expired, or is not valid.',
      );
    }
    await markEmailVerified(db, email.email_id);
    await activateUser(db, used.userId);
    const auth = await finishAuthentication(input, {
      userId: used.userId,
      factor: {
        type: 'magic_link',
        delivery_method: 'email',
        email_factor: { email_id: email.email_id, email_address: email.email },
      },
      durationMinutes: body.session_duration_minutes,
      now,
    });
    return { ...auth, method_id: email.email_id };
  }),
];
