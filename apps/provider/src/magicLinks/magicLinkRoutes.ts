import { MAGIC_LINK_EXPIRATION_MINUTES } from '@latch/api';
import { deliver, magicLinkEmail, resolveRedirectUrl } from '../delivery';
import { ApiFailure } from '../http/ApiFailure';
import { sdkRoute, type Route } from '../http/route';
import { consumeResetToken } from '../passwords';
import { consumeMagicLink, issueMagicLink } from './magicLinkTokens';
import { finishAuthentication } from '../sessions/finishAuthentication';
import {
  activateUser,
  findEmailById,
  findOrCreateUserByEmail,
  markEmailVerified,
  requireEmail,
} from '../users';
export const magicLinkRoutes: Route[] = [
  sdkRoute('POST /magic_links/email/login_or_create', async ({ body, project, services }) => {
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
  }),

  sdkRoute('POST /magic_links/authenticate', async (input) => {
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
