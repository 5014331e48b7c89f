import { isPlainObject as isRecord } from '@latch/api';
import type {
  AuthenticationResponseJSON,
  AuthenticatorAttachment,
  RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { ClientData } from './clientData';
import { decodeClientData } from './clientData';
import type { WebAuthnResult } from './webAuthnResult';
import { webAuthnFailure } from './webAuthnResult';

type Parsed<T> = WebAuthnResult<{ credential: T; clientData: ClientData }>;

const invalid = (why: string) => webAuthnFailure('invalid_public_key_credential', why);

function isB64url(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && isoBase64URL.isBase64URL(value);
}

/** The fields every PublicKeyCredential JSON shares, checked before the response-specific ones. */
function parseEnvelope(credentialJSON: string) {
  let value: unknown;
  try {
    value = JSON.parse(credentialJSON);
  } catch {
    return invalid('public_key_credential is not valid JSON.');
  }
  if (!isRecord(value)) return invalid('public_key_credential is not an object.');
  const { id, rawId, type, response, authenticatorAttachment } = value;
  if (!isB64url(id) || rawId !== id) return invalid('Credential id/rawId are missing or not base64url.');
  if (type !== 'public-key') return invalid('Credential type is not "public-key".');
  if (!isRecord(response)) return invalid('Credential response is missing.');
  if (!isB64url(response['clientDataJSON'])) return invalid('clientDataJSON is missing.');
  const clientData = decodeClientData(response['clientDataJSON']);
  if (!clientData) return invalid('clientDataJSON is not valid client data.');
  const attachment: AuthenticatorAttachment | undefined =
    authenticatorAttachment === 'platform' || authenticatorAttachment === 'cross-platform'
      ? authenticatorAttachment
      : undefined;
  return {
    ok: true as const,
    id,
    response,
    clientData,
    clientDataJSON: response['clientDataJSON'],
    // Extension outputs are not used by verification, so none are passed on.
    clientExtensionResults: {},
    ...(attachment ? { authenticatorAttachment: attachment } : {}),
  };
}

/** Parses the `public_key_credential` string of `/webauthn/register` without throwing. */
export function parseRegistrationCredential(credentialJSON: string): Parsed<RegistrationResponseJSON> {
  const env = parseEnvelope(credentialJSON);
  if (!env.ok) return env;
  const { attestationObject, transports } = env.response;
  if (!isB64url(attestationObject)) return invalid('attestationObject is missing.');
  const transportList = Array.isArray(transports)
    ? transports.filter((t): t is string => typeof t === 'string')
    : [];
  const credential: RegistrationResponseJSON = {
    id: env.id,
    rawId: env.id,
    type: 'public-key',
    clientExtensionResults: env.clientExtensionResults,
    response: { clientDataJSON: env.clientDataJSON, attestationObject, transports: transportList },
    ...(env.authenticatorAttachment ? { authenticatorAttachment: env.authenticatorAttachment } : {}),
  };
  return { ok: true, credential, clientData: env.clientData };
}

/** Parses the `public_key_credential` string of `/webauthn/authenticate` without throwing. */
export function parseAuthenticationCredential(credentialJSON: string): Parsed<AuthenticationResponseJSON> {
  const env = parseEnvelope(credentialJSON);
  if (!env.ok) return env;
  const { authenticatorData, signature, userHandle } = env.response;
  if (!isB64url(authenticatorData)) return invalid('authenticatorData is missing.');
  if (!isB64url(signature)) return invalid('signature is missing.');
  if (userHandle !== undefined && userHandle !== null && !isB64url(userHandle)) {
    return invalid('userHandle is not base64url.');
  }
  const credential: AuthenticationResponseJSON = {
    id: env.id,
    rawId: env.id,
    type: 'public-key',
    clientExtensionResults: env.clientExtensionResults,
    response: {
      clientDataJSON: env.clientDataJSON,
      authenticatorData,
      signature,
      ...(typeof userHandle === 'string' ? { userHandle } : {}),
    },
    ...(env.authenticatorAttachment ? { authenticatorAttachment: env.authenticatorAttachment } : {}),
  };
  return { ok: true, credential, clientData: env.clientData };
}
