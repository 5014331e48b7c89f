import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { parseSiweMessage } from 'viem/siwe';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { AUTH_ORIGIN, basic, HOST, TEST_TOKEN } from '../../test/testConfig';
import { DB_KINDS } from '../../test/testDatabases';
import { authKitFor } from '../../test/authTestKit';

type Json = Record<string, unknown>;

const START = '/crypto_wallets/authenticate/start/primary';
const SECONDARY = '/crypto_wallets/authenticate/start/secondary';
const AUTH = '/crypto_wallets/authenticate';

describe.each(DB_KINDS)('crypto wallet sign-in on %s', (kind) => {
  const kit = authKitFor(kind);

  const eth = () => privateKeyToAccount(generatePrivateKey());
  const challengeFor = async (address: string, path = START, sessionToken?: string) =>
    (await kit.ok(path, { crypto_wallet_address: address, crypto_wallet_type: 'ethereum' }, sessionToken))[
      'challenge'
    ] as string;
  const authenticate = (address: string, signature: string, type = 'ethereum', sessionToken?: string) =>
    kit.post(
      AUTH,
      { crypto_wallet_address: address, crypto_wallet_type: type, signature, session_duration_minutes: 60 },
      sessionToken,
    );

  it("names the host page in the SIWE message when the frame's parent is an authorized origin", async () => {
    const start = (parentHost: string) =>
      kit.app.request(`/sdk/v1${START}`, {
        method: 'POST',
        headers: {
          Authorization: basic(TEST_TOKEN),
          'Content-Type': 'application/json',
          Origin: AUTH_ORIGIN,
          'X-SDK-Parent-Host': parentHost,
        },
        body: JSON.stringify({ crypto_wallet_address: eth().address, crypto_wallet_type: 'ethereum' }),
      });
    const challengeOf = async (r: Response) =>
      parseSiweMessage(((await r.json()) as { data: { challenge: string } }).data.challenge);
    // The wallet runs in the host page: its domain check compares the message with that page.
    expect(await challengeOf(await start(HOST))).toMatchObject({ domain: '127.0.0.1:3000', uri: HOST });
    // A parent the project does not authorize is not named; the auth origin is.
    expect(await challengeOf(await start('https://evil.example'))).toMatchObject({
      domain: 'localhost:4000',
      uri: AUTH_ORIGIN,
    });
  });

  it('signs in with an Ethereum wallet: a SIWE challenge, a real signature, a session', async () => {
    const account = eth();
    const challenge = await challengeFor(account.address.toLowerCase());
    const siwe = parseSiweMessage(challenge);
    expect(siwe).toMatchObject({
      domain: 'localhost:4000',
      uri: 'http://localhost:4000',
      address: account.address,
    });
    expect(siwe.nonce).toMatch(/^[0-9a-f]{32}$/);
    expect((siwe.expirationTime?.getTime() ?? 0) - (siwe.issuedAt?.getTime() ?? 0)).toBe(5 * 60_000);

    const r = await authenticate(account.address, await account.signMessage({ message: challenge }));
    expect(r.status).toBe(200);
    const data = r.body['data'] as Json;
    const user = data['user'] as { user_id: string; crypto_wallets: Json[] };
    expect(user.crypto_wallets).toEqual([
      expect.objectContaining({
        crypto_wallet_address: account.address,
        crypto_wallet_type: 'ethereum',
        verified: true,
      }),
    ]);
    const [factor] = (data['session'] as { authentication_factors: Json[] }).authentication_factors;
    expect(factor).toMatchObject({
      type: 'crypto_wallet',
      crypto_wallet_factor: { crypto_wallet_address: account.address, crypto_wallet_type: 'ethereum' },
    });
    expect(typeof data['session_token']).toBe('string');

    // The same wallet signs in as the same user next time.
    const again = await challengeFor(account.address);
    const second = await authenticate(account.address, await account.signMessage({ message: again }));
    expect((second.body['data'] as Json)['user_id']).toBe(user.user_id);
  });

  it('signs in with a Solana wallet (ed25519, base58)', async () => {
    const secret = ed25519.utils.randomSecretKey();
    const address = base58.encode(ed25519.getPublicKey(secret));
    const start = await kit.ok(START, { crypto_wallet_address: address, crypto_wallet_type: 'solana' });
    const challenge = start['challenge'] as string;
    expect(challenge).toContain(`wants you to sign in with your Solana account:\n${address}`);
    const signature = base58.encode(ed25519.sign(new TextEncoder().encode(challenge), secret));
    expect((await authenticate(address, signature.slice(0, -2) + '11', 'solana')).status).toBe(400);
    await kit.ok(START, { crypto_wallet_address: address, crypto_wallet_type: 'solana' });
    const fresh = (await kit.ok(START, { crypto_wallet_address: address, crypto_wallet_type: 'solana' }))[
      'challenge'
    ];
    const good = base58.encode(ed25519.sign(new TextEncoder().encode(fresh as string), secret));
    const r = await authenticate(address, good, 'solana');
    expect(r.status).toBe(200);
  });

  it('refuses a signature by another key, and that spends the challenge', async () => {
    const account = eth();
    const challenge = await challengeFor(account.address);
    const r = await authenticate(account.address, await eth().signMessage({ message: challenge }));
    expect(r).toMatchObject({ status: 400, body: { error_type: 'invalid_crypto_wallet_signature' } });
    const retry = await authenticate(account.address, await account.signMessage({ message: challenge }));
    expect(retry).toMatchObject({ status: 400, body: { error_type: 'crypto_wallet_challenge_not_found' } });
  });

  it('a new start replaces the live challenge: the newest signs in, even when both came in the same millisecond', async () => {
    const account = eth();
    const [first, second] = await Promise.all([challengeFor(account.address), challengeFor(account.address)]);
    const live = await kit.db.query<{ message: string }>(
      `SELECT data->>'message' AS message FROM one_time_tokens
       WHERE kind = 'crypto_challenge' AND used_at IS NULL AND data->>'crypto_wallet_address' = $1`,
      [account.address],
    );
    expect(live).toHaveLength(1);
    const newest = live[0]?.message;
    expect([first, second]).toContain(newest);
    expect(
      (await authenticate(account.address, await account.signMessage({ message: String(newest) }))).status,
    ).toBe(200);
  });

  it('refuses a replayed challenge', async () => {
    const account = eth();
    const signature = await account.signMessage({ message: await challengeFor(account.address) });
    expect((await authenticate(account.address, signature)).status).toBe(200);
    const replay = await authenticate(account.address, signature);
    expect(replay).toMatchObject({ status: 400, body: { error_type: 'crypto_wallet_challenge_not_found' } });
  });

  it('refuses an expired challenge', async () => {
    const account = eth();
    const challenge = await challengeFor(account.address);
    await kit.db.query(
      "UPDATE one_time_tokens SET expires_at = now() - interval '1 second' WHERE data->>'crypto_wallet_address' = $1",
      [account.address],
    );
    const r = await authenticate(account.address, await account.signMessage({ message: challenge }));
    expect(r).toMatchObject({ status: 400, body: { error_type: 'crypto_wallet_challenge_not_found' } });
  });

  it('refuses a signature sent for another address than the challenged one', async () => {
    const [a, b] = [eth(), eth()];
    const challenge = await challengeFor(a.address);
    const r = await authenticate(b.address, await b.signMessage({ message: challenge }));
    expect(r).toMatchObject({ status: 400, body: { error_type: 'crypto_wallet_challenge_not_found' } });
  });

  it('answers malformed bodies with 4xx error envelopes', async () => {
    const account = eth();
    const bad = async (path: string, body: unknown) => {
      const r = await kit.post(path, body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      return r.body['error_type'];
    };
    expect(await bad(START, { crypto_wallet_address: '0x1234', crypto_wallet_type: 'ethereum' })).toBe(
      'invalid_crypto_wallet_address',
    );
    // A mixed-case address with a wrong checksum.
    const wrongSum = account.address.replace(/[a-f]/, (c) => c.toUpperCase());
    if (wrongSum !== account.address) {
      expect(await bad(START, { crypto_wallet_address: wrongSum, crypto_wallet_type: 'ethereum' })).toBe(
        'invalid_crypto_wallet_address',
      );
    }
    expect(await bad(START, { crypto_wallet_address: account.address, crypto_wallet_type: 'bitcoin' })).toBe(
      'invalid_field',
    );
    expect(await bad(START, { crypto_wallet_address: account.address, crypto_wallet_type: 'solana' })).toBe(
      'invalid_crypto_wallet_address',
    );
    expect(
      await bad(START, {
        crypto_wallet_address: account.address,
        crypto_wallet_type: 'ethereum',
        siwe_params: { statement: 'line\nURI: https://evil.example' },
      }),
    ).toBe('invalid_field');
    expect(await bad(START, '{not json')).toBe('invalid_json');
    expect(await bad(AUTH, { crypto_wallet_address: account.address, crypto_wallet_type: 'ethereum' })).toBe(
      'missing_field',
    );
    await challengeFor(account.address);
    expect((await authenticate(account.address, 'not-hex')).body['error_type']).toBe(
      'invalid_crypto_wallet_signature',
    );
    await challengeFor(account.address);
    expect((await authenticate(account.address, '0x1234')).body['error_type']).toBe(
      'invalid_crypto_wallet_signature',
    );
  });

  it('refuses SIWE resources and statements that are not what EIP-4361 allows with a clear 400, never a 500', async () => {
    const start = (siwe_params: Json) =>
      kit.post(START, { crypto_wallet_address: eth().address, crypto_wallet_type: 'ethereum', siwe_params });
    for (const resource of [
      'https://example.com/a b',
      'https://example.com/"x"',
      'https://example.com/{x}',
      'https://example.com\\x',
      'https://example.com/\r\n- https://evil.example',
      'example.com/no-scheme',
    ]) {
      const r = await start({ resources: ['https://ok.example/', resource] });
      expect([resource, r.status, r.body['error_type'], r.body['error_message']]).toEqual([
        resource,
        400,
        'invalid_field',
        'siwe_params.resources[1]: must be a URI (RFC 3986): a scheme, and no spaces, quotes, braces, backslashes or line breaks.',
      ]);
    }
    const quoted = await start({ statement: 'Sign "in"' });
    expect(quoted).toMatchObject({ status: 400, body: { error_type: 'invalid_field' } });
    expect(quoted.body['error_message']).toMatch(/^siwe_params\.statement: may hold only/);
    const fine = await start({ statement: 'Sign in to Shop', resources: ['ipfs://bafy', 'urn:x:y'] });
    expect(fine.status).toBe(200);
    expect((fine.body['data'] as Json)['challenge']).toContain('\nResources:\n- ipfs://bafy\n- urn:x:y');
  });

  it('attaches a wallet to the signed-in user (secondary); refuses without a session', async () => {
    const account = eth();
    const none = await kit.post(SECONDARY, {
      crypto_wallet_address: account.address,
      crypto_wallet_type: 'ethereum',
    });
    expect(none).toMatchObject({ status: 401, body: { error_type: 'user_unauthenticated' } });

    const signedIn = await kit.signInByMagicLink('wallet-owner@example.com');
    const token = signedIn['session_token'] as string;
    const challenge = await challengeFor(account.address, SECONDARY, token);
    const r = await authenticate(
      account.address,
      await account.signMessage({ message: challenge }),
      'ethereum',
      token,
    );
    expect(r.status).toBe(200);
    const data = r.body['data'] as Json;
    expect(data['user_id']).toBe(signedIn['user_id']);
    expect(data['session_token']).toBe(token);
    const factors = (data['session'] as { authentication_factors: Json[] }).authentication_factors;
    expect(factors.map((f) => f['type'])).toEqual(['magic_link', 'crypto_wallet']);

    // The wallet is now that user's: another user cannot attach it.
    const other = await kit.signInByMagicLink('someone-else@example.com');
    const otherToken = other['session_token'] as string;
    const c2 = await challengeFor(account.address, SECONDARY, otherToken);
    const taken = await authenticate(
      account.address,
      await account.signMessage({ message: c2 }),
      'ethereum',
      otherToken,
    );
    expect(taken).toMatchObject({ status: 409, body: { error_type: 'duplicate_crypto_wallet' } });
  });
});
