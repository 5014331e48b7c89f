import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, importSPKI, jwtVerify, type CryptoKey } from 'jose';
import Provider from 'oidc-provider';
import { standInAccount } from './accounts';

/** A registered client of the stand-in. `appleKey`: its secret is an Apple-style ES256 JWT. */
export interface StandInClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  appleKey?: { teamId: string; keyId: string; publicKeyPem: string };
}

export interface OidcStandIn {
  issuer: string;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * panva's oidc-provider on 127.0.0.1, standing in for Google, Apple or any OpenID Connect
 * provider: discovery, JWKS, the authorization endpoint with its login and consent pages (the
 * library's own dev interactions, which accept every login and password), form_post, the token endpoint with
 * PKCE, signed ID tokens and UserInfo. Accounts are `standInAccount(login)`.
 *
 * Apple's client secret is a JWT the relying party signs; oidc-provider knows only static secrets,
 * so in front of its token endpoint the stand-in verifies that JWT (ES256, iss team, sub client,
 * aud issuer, unexpired) as Apple does and hands oidc-provider the static secret instead.
 */
export async function startOidcStandIn(clients: StandInClient[]): Promise<OidcStandIn> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signing = { ...(await exportJWK(privateKey)), kid: 'stand-in-1', alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    clients: clients.map(({ client_id, client_secret, redirect_uris }) => ({
      client_id,
      client_secret,
      redirect_uris,
      token_endpoint_auth_method: 'client_secret_post',
    })),
    jwks: { keys: [signing] },
    cookies: { keys: ['stand-in-cookie-key'] },
    claims: {
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name', 'picture'],
      // Apple's scope for the name (which Apple itself sends beside the code, not as claims).
      name: ['given_name', 'family_name'],
    },
    // Claims in the ID token itself, as Google and Apple put them.
    conformIdTokenClaims: false,
    pkce: { required: () => false },
    features: { devInteractions: { enabled: true } },
    findAccount: (_ctx, id) => {
      const account = standInAccount(id);
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          ...(account.email ? { email: account.email, email_verified: account.emailVerified } : {}),
          name: account.name,
          picture: `${issuer}/pictures/${account.subject}.png`,
        }),
      };
    },
  });
  const appleKeys = new Map<string, { client: StandInClient; key: CryptoKey }>();
  for (const client of clients) {
    if (client.appleKey)
      appleKeys.set(client.client_id, {
        client,
        key: await importSPKI(client.appleKey.publicKeyPem, 'ES256'),
      });
  }
  const handle = provider.callback();
  server.on('request', (req: IncomingMessage & { body?: string }, res) => {
    void (async () => {
      if (req.method === 'POST' && req.url === '/token') {
        const form = new URLSearchParams(await readBody(req));
        const apple = appleKeys.get(form.get('client_id') ?? '');
        if (apple) {
          const verified = await jwtVerify(form.get('client_secret') ?? '', apple.key, {
            algorithms: ['ES256'],
            issuer: apple.client.appleKey?.teamId ?? '',
            subject: apple.client.client_id,
            audience: issuer,
          }).catch(() => null);
          if (!verified || verified.protectedHeader.kid !== apple.client.appleKey?.keyId) {
            res.writeHead(400, { 'Content-Type': 'application/json' });
            res.end(JSON.stringify({ error: 'invalid_client' }));
            return;
          }
          form.set('client_secret', apple.client.client_secret);
        }
        req.body = form.toString();
      }
      handle(req, res);
    })();
  });
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
