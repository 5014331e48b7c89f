import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software WebAuthn authenticator for tests: a P-256 key, "none" attestation, real ECDSA
 * signatures. It produces exactly the JSON a browser's `credential.toJSON()` would, as a string.
 */

export interface CeremonyContext {
  challenge: string;
  /** The RP ID the authenticator scopes the credential to (hashed into authenticatorData). */
  rpId: string;
  /** The origin the "browser" reports in clientDataJSON. */
  origin: string;
  crossOrigin?: boolean;
  topOrigin?: string;
  /** Overrides clientDataJSON.type, to test a response of the wrong kind. */
  type?: string;
}

export interface AssertionContext extends CeremonyContext {
  /** Force the signature counter (e.g. to replay an old value); otherwise it grows by one. */
  counter?: number;
  userHandle?: string;
}

export interface TestAuthenticator {
  /** base64url credential id. */
  readonly credentialId: string;
  /** RegistrationResponseJSON as a JSON string. */
  register(context: CeremonyContext): string;
  /** AuthenticationResponseJSON as a JSON string, signed with the credential's private key. */
  authenticate(context: AssertionContext): string;
}

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const b64url = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

function uint32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeUInt32BE(value);
  return buffer;
}

function clientDataJSON(context: CeremonyContext, defaultType: string): Buffer {
  const data = {
    type: context.type ?? defaultType,
    challenge: context.challenge,
    origin: context.origin,
    crossOrigin: context.crossOrigin ?? false,
    ...(context.topOrigin === undefined ? {} : { topOrigin: context.topOrigin }),
  };
  return Buffer.from(JSON.stringify(data), 'utf8');
}

/** `options.counter` sets the counter the first assertion starts from (0 = first assertion reports 1). */
export function createTestAuthenticator(options: { counter?: number } = {}): TestAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  if (jwk.x === undefined || jwk.y === undefined) throw new Error('P-256 key without coordinates');
  // COSE_Key for ES256 (RFC 9053), keys in CTAP2 canonical order: kty, alg, crv, x, y.
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x, 'base64url')],
      [-3, Buffer.from(jwk.y, 'base64url')],
    ]),
  );
  const rawId = randomBytes(16);
  const credentialId = b64url(rawId);
  let counter = options.counter ?? 0;
  /** The credential as `navigator.credentials` gives it to the page, serialized (`PublicKeyCredential.toJSON`). */
  const credentialJson = (response: Record<string, string | string[]>): string =>
    JSON.stringify({
      id: credentialId,
      rawId: credentialId,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response,
    });

  function register(context: CeremonyContext): string {
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(rawId.length);
    const authData = Buffer.concat([
      sha256(context.rpId),
      Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
      uint32(counter),
      Buffer.alloc(16), // AAGUID: all zeros, as "none" attestation authenticators often send.
      idLength,
      rawId,
      coseKey,
    ]);
    const emptyStatement = new Map<string, string>();
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ['fmt', 'none'],
        ['attStmt', emptyStatement],
        ['authData', authData],
      ]),
    );
    return credentialJson({
      clientDataJSON: b64url(clientDataJSON(context, 'webauthn.create')),
      attestationObject: b64url(attestationObject),
      transports: ['internal', 'hybrid'],
    });
  }

  function authenticate(context: AssertionContext): string {
    counter = context.counter ?? counter + 1;
    const authData = Buffer.concat([sha256(context.rpId), Buffer.from([FLAG_UP | FLAG_UV]), uint32(counter)]);
    const clientData = clientDataJSON(context, 'webauthn.get');
    // WebAuthn §6.3.3: the assertion signs authenticatorData || SHA-256(clientDataJSON); EC keys give DER.
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), privateKey);
    return credentialJson({
      clientDataJSON: b64url(clientData),
      authenticatorData: b64url(authData),
      signature: b64url(signature),
      ...(context.userHandle === undefined ? {} : { userHandle: b64url(Buffer.from(context.userHandle)) }),
    });
  }

  return { credentialId, register, authenticate };
}
