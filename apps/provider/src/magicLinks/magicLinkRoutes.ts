import { sdkRoute, type Route } from '../http/route';
import { finishAuthentication } from '../sessions/finishAuthentication';
import { proveMagicLink } from './proveMagicLink';
import { loginOrCreateByMagicLink } from './sendMagicLink';

export const magicLinkRoutes: Route[] = [
  sdkRoute('POST /magic_links/email/login_or_create', async ({ body, project, services }) => {
    await loginOrCreateByMagicLink(services, project, body);
    // No user id and the same answer for new and known addresses: no account enumeration.
    return {};
  }),

  sdkRoute('POST /magic_links/authenticate', async (input) => {
    const { body, project, services, sessionToken } = input;
    const now = new Date();
    const { userId, emailId, factor } = await proveMagicLink(services.db, project, {
      token: body.token,
      codeVerifier: body.code_verifier,
      requestSession: { sessionToken },
      now,
    });
    const auth = await finishAuthentication(input, {
      userId,
      factor,
      durationMinutes: body.session_duration_minutes,
      now,
    });
    return { ...auth, method_id: emailId };
  }),
];
