import { screen, waitFor } from '@testing-library/react';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { providerServer, uniqueEmail } from '../../test/providerServer';
import { warmUpScreens } from '../../test/warmUp';
import { act } from 'react';
import { applyMountStateAtom, mountStateAtom } from '../../state/widgetAtoms';
import { AUTHORIZE_SEARCH, idpConfig, renderIdp } from '../../test/identityProvider/idpFixtures';

const ISSUER = 'https://idp.partner.example';
const AUDIENCE = 'latch-consent';
const PROFILE = 'partner';
const NOT_VERIFIED = 'Trusted auth token is not verified';

// The partner issuer's key pair; the provider trusts its public half through a pinned PEM.
const issuer = await generateKeyPair('ES256');
const stranger = await generateKeyPair('ES256');

function attestConfig(pem: string) {
  const config = idpConfig();
  for (const project of config.projects) {
    project.trusted_auth_token_profiles = [
      {
        profile_id: PROFILE,
        issuer: ISSUER,
        audience: AUDIENCE,
        public_key_pem: pem,
        attribute_mapping: { email: 'email', token_id: 'jti' },
        can_jit_provision: true,
        issuer_verifies_email: true,
      },
    ];
  }
  return config;
}

const provider = providerServer({ config: attestConfig(await exportSPKI(issuer.publicKey)) });
const routes = async () => (await provider.sent()).map((c) => c.route);

let jti = 0;
/** A token as the partner signs it; `audience` and `key` let a test spoil one part. */
const trustedToken = (email: string, { audience = AUDIENCE, key = issuer.privateKey } = {}) =>
  new SignJWT({ email })
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer(ISSUER)
    .setAudience(audience)
    .setIssuedAt()
    .setExpirationTime('5m')
    .setJti(`consent-${++jti}`)
    .sign(key);

beforeAll(warmUpScreens, 30_000);

describe('identity provider: authTokenParams', () => {
  it('attests the token, hands the session to the host, and goes straight to consent', async () => {
    const email = uniqueEmail();
    const trustedAuthToken = await trustedToken(email);
    const { host, store } = renderIdp({
      hostSearch: AUTHORIZE_SEARCH,
      session: null,
      authTokenParams: { trustedAuthToken, tokenProfileID: PROFILE },
    });
    await screen.findByRole('heading', { name: 'Notes wants to access your Acme account' });
    // The host's next update (new strings, the same token) attests nothing again.
    act(() =>
      store.set(applyMountStateAtom, { ...store.get(mountStateAtom), strings: { 'idp.denied': 'No.' } }),
    );
    expect(document.body.textContent).not.toContain('No active session');
    expect(host.reportError).not.toHaveBeenCalled();
    // (The authorize flow itself starts again with the new strings; that is its own behaviour.)
    const sent = await routes();
    expect(sent.slice(0, 2)).toEqual(['POST /sessions/attest', 'POST /idp/oauth/authorize/start']);
    expect(sent.filter((route) => route === 'POST /sessions/attest')).toHaveLength(1);
    expect((await provider.sent())[0]?.body).toEqual({
      profile_id: PROFILE,
      token: trustedAuthToken,
      session_duration_minutes: 30,
    });
    expect(host.setSession).toHaveBeenCalledTimes(1);
    const live = await provider.expectHandedSession(host.setSession.mock.calls[0]?.[0], email);
    expect(live.user.emails[0]?.verified).toBe(true);
  });

  it.each([
    ['a signature of another key', { key: stranger.privateKey }],
    ['another audience', { audience: 'someone-else' }],
  ])('with %s shows "Trusted auth token is not verified" and goes no further', async (_name, spoil) => {
    const trustedAuthToken = await trustedToken(uniqueEmail(), spoil);
    const { host } = renderIdp({
      hostSearch: AUTHORIZE_SEARCH,
      session: null,
      authTokenParams: { trustedAuthToken, tokenProfileID: PROFILE },
    });
    await screen.findByRole('heading', { name: 'Looks like there was an error!' });
    expect(document.querySelector('.latch-idp .latch-config-error')?.textContent).toBe(NOT_VERIFIED);
    await waitFor(() =>
      expect(host.reportError).toHaveBeenCalledWith(
        expect.objectContaining({ message: NOT_VERIFIED, error_type: 'invalid_token' }),
      ),
    );
    expect(document.body.textContent).not.toContain('No active session');
    expect(await routes()).toEqual(['POST /sessions/attest']);
    expect(host.setSession).not.toHaveBeenCalled();
    expect(host.navigate).not.toHaveBeenCalled();
  });
});
