import { AuthError } from '../errors/AuthError';
import { backendRoute } from '../http/backendRoute';
import type { Route } from '../http/route';
import { findNamedSession, finishBackendAuthentication } from '../sessions/finishBackendAuthentication';
import { findEmail, requireEmail } from '../users';
import { proveMagicLink } from './proveMagicLink';
import { loginOrCreateByMagicLink, sendMagicLink } from './sendMagicLink';

/**
 * The backend API for email magic links (project secret): send one to a new or known user
 * (`login_or_create`) or a known one only (`send`), and redeem the token the redirect carried, as
 * the server that receives the redirect does in Stytch's server-side guides.
 */
export const magicLinkBackendRoutes: Route[] = [
  backendRoute(
    'POST /v1/magic_links/email/login_or_create',
    async ({ body, project, services }) => loginOrCreateByMagicLink(services, project, body),
    { limitsAs: '/magic_links/email/login_or_create' },
  ),

  backendRoute(
    'POST /v1/magic_links/email/send',
    async ({ body, project, services }) => {
      const email = requireEmail(body.email);
      const found = await findEmail(services.db, project.project_id, email);
      if (!found) throw new AuthError('email_not_found', 'No user has this email address.');
      const to = { email, userId: found.user_id, emailId: found.email_id, signup: false };
      await sendMagicLink(services, project, to, body);
      return { user_id: found.user_id, email_id: found.email_id };
    },
    { limitsAs: '/magic_links/email/login_or_create' },
  ),

  backendRoute('POST /v1/magic_links/authenticate', async (input) => {
    const { body, project, services } = input;
    const now = new Date();
    const named = await findNamedSession(services, project, body, now);
    const { emailId, claimed, ...proof } = await proveMagicLink(services.db, project, {
      token: body.token,
      codeVerifier: body.code_verifier,
      requestSession: { sessionId: named?.session_id },
      now,
    });
    const auth = await finishBackendAuthentication(input, { ...proof, now }, body);
    return { ...auth, method_id: emailId, reset_sessions: claimed };
  }),
];
