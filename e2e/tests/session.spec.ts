import { expect, test } from '../fixtures/test';
import { SESSION_CLAIM } from '../support/backend';
import { uniqueEmail } from '../support/devInbox';
import { AUTH_ORIGIN } from '../support/env';
import { DEFAULT_PROJECT } from '../support/project';
import { signInWithEmailCode } from '../support/signIn';

test('a second tab follows the sign-in and the sign-out of the first', async ({ host, otherTab, inbox }) => {
  await test.step('a second tab opens the host page, signed out', async () => {
    await otherTab.open({ manual: true });
    await expect(otherTab.sessionState).toHaveText('signed out');
    expect(await otherTab.sessionTokens()).toBeNull();
  });

  const tokens = await test.step('the first tab signs in with an email passcode', () =>
    signInWithEmailCode(host, inbox, uniqueEmail('two-tabs')));
  const userId = (await host.sessionInfo())?.user.user_id;

  await test.step('the second tab sees the session without a reload', async () => {
    await expect(otherTab.sessionState).toHaveText(`signed in as ${userId}`);
    await expect.poll(async () => (await otherTab.sessionTokens())?.session_token).toBe(tokens.session_token);
  });

  await test.step('the first tab revokes: the second tab is signed out too', async () => {
    await host.logOut();
    await expect(host.sessionState).toHaveText('signed out');
    await expect(otherTab.sessionState).toHaveText('signed out');
    expect(await otherTab.sessionTokens()).toBeNull();
    expect(await otherTab.sessionCookieNames()).toEqual([]);
  });
});

test('a sign-out in another tab takes the widget from Success back to the login screen', async ({
  host,
  otherTab,
  inbox,
}) => {
  await test.step('the first tab signs in: Success!', () =>
    signInWithEmailCode(host, inbox, uniqueEmail('revoked-elsewhere')));
  await test.step('the second tab signs out', async () => {
    await otherTab.open({ manual: true });
    await otherTab.logOut();
    await expect(otherTab.sessionState).toHaveText('signed out');
  });
  await test.step('the first tab: signed out, and its widget no longer says Success', async () => {
    await expect(host.sessionState).toHaveText('signed out');
    await host.login.expectShown();
    await expect(host.frame.getByText('Your passcode has been successfully verified.')).toHaveCount(0);
  });
});

test('the session JWT in the host cookie verifies against the JWKS', async ({ host, inbox, provider }) => {
  await signInWithEmailCode(host, inbox, uniqueEmail('jwt'));
  const info = await host.sessionInfo();
  const jwt = await host.cookie('stytch_session_jwt');
  expect(jwt, 'the host cookie stytch_session_jwt').toBeTruthy();

  const payload = await test.step('verify the signature with the published keys', () =>
    provider.verifySessionJwt(jwt ?? ''));
  await test.step('subject, audience, issuer and the session claim match the session', () => {
    expect(payload.sub).toBe(info?.user.user_id);
    expect(payload.aud).toEqual([DEFAULT_PROJECT.project_id]);
    expect(payload.iss).toBe(AUTH_ORIGIN);
    expect(payload[SESSION_CLAIM]).toMatchObject({
      id: info?.session.session_id,
      authentication_factors: [expect.objectContaining({ type: 'otp', delivery_method: 'email' })],
    });
    expect(payload.exp).toBeGreaterThan(Date.now() / 1000);
  });
});

test('the backend accepts a live session and refuses a revoked one', async ({ host, inbox, provider }) => {
  const tokens = await signInWithEmailCode(host, inbox, uniqueEmail('backend'));
  const sessionId = (await host.sessionInfo())?.session.session_id;

  await test.step('live: the token and the JWT are both accepted', async () => {
    const byToken = await provider.authenticateSession({ session_token: tokens.session_token });
    expect(byToken.status).toBe(200);
    expect(byToken.body).toMatchObject({ status_code: 200, session: { session_id: sessionId } });
    const byJwt = await provider.authenticateSession({ session_jwt: tokens.session_jwt });
    expect(byJwt.status).toBe(200);
  });

  await test.step('the host revokes the session', async () => {
    await host.logOut();
    await expect(host.sessionState).toHaveText('signed out');
  });

  await test.step('revoked: the token and the JWT are refused with session_not_found', async () => {
    const byToken = await provider.authenticateSession({ session_token: tokens.session_token });
    expect([byToken.status, byToken.body['error_type']]).toEqual([404, 'session_not_found']);
    const byJwt = await provider.authenticateSession({ session_jwt: tokens.session_jwt });
    expect([byJwt.status, byJwt.body['error_type']]).toEqual([404, 'session_not_found']);
  });
});
