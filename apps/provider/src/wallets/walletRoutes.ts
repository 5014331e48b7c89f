import type { AuthenticationFactor, SdkBodyOutput } from '@latch/api';
import {
  attachWallet,
  canonicalAddress,
  challengeMessage,
  findOrCreateWalletUser,
  storeChallenge,
  takeChallenge,
  verifyWalletSignature,
  type CryptoWalletType,
} from '.';
import type { ProjectConfig } from '../config/configSchema';
import { sdkRoute, type Route, type RouteInput } from '../http/route';
import { activateUser } from '../users';
import { finishAuthentication } from '../sessions/finishAuthentication';
import { AuthError } from '../errors/AuthError';
import { requireSession } from '../sessions/requireSession';
import { withLiveSession } from '../sessions/withLiveSession';

function addressOf(type: CryptoWalletType, raw: string): string {
  const address = canonicalAddress(type, raw);
  if (address === null) {
    throw new AuthError('invalid_crypto_wallet_address', `crypto_wallet_address is not a ${type} address.`);
  }
  return address;
}

const walletFactor = (w: {
  crypto_wallet_id: string;
  crypto_wallet_address: string;
  crypto_wallet_type: string;
}): Omit<AuthenticationFactor, 'last_authenticated_at'> => ({
  type: 'crypto_wallet',
  delivery_method: 'crypto_wallet',
  crypto_wallet_factor: {
    crypto_wallet_id: w.crypto_wallet_id,
    crypto_wallet_address: w.crypto_wallet_address,
    crypto_wallet_type: w.crypto_wallet_type,
  },
});

/**
 * The page the wallet sees asking for the signature: the host page (wallets run there, relayed by
 * the loader), named by the frame's `X-SDK-Parent-Host` when that is one of the project's authorized
 * origins, so the wallet's domain check matches the SIWE message; otherwise the auth origin.
 */
function signingOrigin(parentHost: string | undefined, project: ProjectConfig, authOrigin: string): string {
  return parentHost && project.authorized_origins.includes(parentHost) ? parentHost : authOrigin;
}

/** Issues a challenge for the wallet; `userId` binds it to the session user (secondary). */
async function start(
  {
    c,
    body,
    project,
    services,
  }: RouteInput<SdkBodyOutput<'POST /crypto_wallets/authenticate/start/primary'>>,
  userId: string | null,
): Promise<{ challenge: string }> {
  const type = body.crypto_wallet_type;
  const address = addressOf(type, body.crypto_wallet_address);
  const now = new Date();
  const { message, expiresAt } = challengeMessage({
    type,
    address,
    origin: signingOrigin(c.req.header('X-SDK-Parent-Host'), project, services.authOrigin),
    siwe: body.siwe_params ?? {},
    now,
  });
  await storeChallenge(services.db, project, { type, address, message, userId, expiresAt, now });
  return { challenge: message };
}

/**
 * A secondary challenge's wallet joins its user only in a live session of that user, held while it
 * is linked: a session that ended since the challenge (its account claimed by the address's owner,
 * users/proveAddress.ts) attaches nothing.
 */
async function attachInSession(
  input: RouteInput<SdkBodyOutput<'POST /crypto_wallets/authenticate'>>,
  userId: string,
  wallet: { type: CryptoWalletType; address: string },
  now: Date,
) {
  const { project, services } = input;
  const { user_id, session } = await requireSession(input);
  if (user_id !== userId)
    throw new AuthError('session_not_found', 'The challenge was issued to another session.');
  const held = { projectId: project.project_id, sessionId: session.session_id, now };
  return withLiveSession(services.db, held, (tx) => attachWallet(tx, project, { userId, ...wallet }));
}

/** Crypto wallet sign-in: `crypto_wallets/authenticate/start`, then `crypto_wallets/authenticate` (docs/crypto-wallets.md). */
export const cryptoWalletRoutes: Route[] = [
  sdkRoute('POST /crypto_wallets/authenticate/start/primary', (input) => start(input, null)),

  sdkRoute('POST /crypto_wallets/authenticate/start/secondary', async (input) => {
    const { user_id } = await requireSession(input);
    return start(input, user_id);
  }),

  sdkRoute('POST /crypto_wallets/authenticate', async (input) => {
    const { body, project, services } = input;
    const type = body.crypto_wallet_type;
    const address = addressOf(type, body.crypto_wallet_address);
    const now = new Date();
    const challenge = await takeChallenge(services.db, project.project_id, { type, address, now });
    if (!challenge) {
      throw new AuthError(
        'crypto_wallet_challenge_not_found',
        'No live challenge for this wallet: start again (a challenge is single-use and lasts 5 minutes).',
      );
    }
    if (!(await verifyWalletSignature(type, address, challenge.message, body.signature))) {
      throw new AuthError(
        'invalid_crypto_wallet_signature',
        "The signature is not the wallet's signature of the challenge.",
      );
    }
    const wallet = challenge.userId
      ? await attachInSession(input, challenge.userId, { type, address }, now)
      : await findOrCreateWalletUser(services.db, project, { type, address });
    if (challenge.userId && wallet.user_id !== challenge.userId) {
      throw new AuthError('duplicate_crypto_wallet', 'This wallet belongs to another user.');
    }
    await activateUser(services.db, wallet.user_id);
    return finishAuthentication(input, {
      userId: wallet.user_id,
      factor: walletFactor(wallet),
      durationMinutes: body.session_duration_minutes,
      ownerEpoch: wallet.owner_epoch,
      now,
    });
  }),
];
