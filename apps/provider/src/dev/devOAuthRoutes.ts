import { OAUTH_PROVIDER_NAMES, OAUTH_PROVIDERS, type OAuthProviderType } from '@latch/api';
import type { Context } from 'hono';
import { sha256Hex } from '../crypto/hash';
import { htmlPage } from '../frame/htmlPage';
import type { AppEnv, Services } from '../http/deps';
import { rawRoute, type Route } from '../http/route';
import { devIdpPage } from './devIdpPage';
import { issueOAuthToken, landSignedIn, linkProviderAccount, takeOAuthState } from '../oauth';
import { findOrCreateUserByEmail, parseEmail } from '../users';

const isProviderType = (value: string): value is OAuthProviderType =>
  (OAUTH_PROVIDERS as readonly string[]).includes(value);

/** The test project and provider a dev sign-in is for, or null (then the page is a 404). */
function devTarget(c: Context<AppEnv>, services: Services) {
  const type = c.req.param('provider') ?? '';
  const project = services.projects.byPublicToken(c.req.query('public_token') ?? '');
  if (!project?.test || !isProviderType(type)) return null;
  const configured = project.oauth_providers.some((p) => p.type === type && p.dev_idp);
  return configured ? { project, type, providerName: OAUTH_PROVIDER_NAMES[type] } : null;
}

/**
 * Where the page's form posts: this same URL on the configured auth origin, never on the `Host`
 * the request named (a forged Host must not send the visitor's email elsewhere).
 */
const formAction = (c: Context<AppEnv>, services: Services, type: OAuthProviderType): string =>
  `${services.authOrigin}/dev/oauth/${type}/authorize${new URL(c.req.url).search}`;

const notFound = () => htmlPage('not_found', 'Not found', '<p>No dev identity provider here.</p>');
const expired = () =>
  htmlPage(
    'bad_request',
    'Sign-in expired',
    '<p>This sign-in has expired or was already used. Go back to the app and start again.</p>',
  );

/** A stable subject per provider account, as a real provider's `sub` would be. */
export const devSubject = (type: string, email: string) =>
  `dev-${sha256Hex(`${type}:${email}`).slice(0, 32)}`;

const authorizePage = rawRoute('GET', '/dev/oauth/:provider/authorize', (c, services) => {
  const target = devTarget(c, services);
  const state = c.req.query('state');
  if (!target || !state) return notFound();
  return devIdpPage({
    providerName: target.providerName,
    projectName: target.project.name,
    action: formAction(c, services, target.type),
    state,
  });
});

/**
 * The visitor "signed in at the provider": the account is found or created by its email (which
 * the provider vouches for: redeeming the token proves it), linked to the provider subject, and
 * the visitor goes back to the app with a single-use token (`stytch_token_type=oauth`), or in
 * popup mode to the frame that opened the popup.
 */
const authorizeSubmit = rawRoute('POST', '/dev/oauth/:provider/authorize', async (c, services) => {
  const target = devTarget(c, services);
  if (!target) return notFound();
  const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>);
  const state = typeof form['state'] === 'string' ? form['state'] : '';
  const email = parseEmail(typeof form['email'] === 'string' ? form['email'].slice(0, 320) : '');
  if (email === null) {
    return devIdpPage({
      providerName: target.providerName,
      projectName: target.project.name,
      action: formAction(c, services, target.type),
      state,
      problem: 'Enter the email address of the account.',
    });
  }
  const now = new Date();
  const { db } = services;
  const oauth = await takeOAuthState(db, {
    projectId: target.project.project_id,
    value: state,
    providerType: target.type,
    now,
  });
  if (!oauth) return expired();
  const user = await findOrCreateUserByEmail(db, target.project, email);
  const account = await linkProviderAccount(db, target.project, {
    userId: user.user_id,
    providerType: target.type,
    providerSubject: devSubject(target.type, email),
    emailId: user.method_id,
  });
  const token = await issueOAuthToken(db, target.project, {
    userId: account.user_id,
    grant: {
      registrationId: account.oauth_user_registration_id,
      providerType: target.type,
      providerSubject: devSubject(target.type, email),
      emailId: account.email_id,
      verifiedEmailId: user.method_id,
      scopes: oauth.scopes,
    },
    codeChallenge: oauth.codeChallenge,
    now,
  });
  return landSignedIn(services.authOrigin, oauth, { token, created: user.created });
});

export const devOAuthRoutes: Route[] = [authorizePage, authorizeSubmit];
