import { isPlainObject as isRecord } from '@latch/api';
import { isoBase64URL } from '@simplewebauthn/server/helpers';

/** The fields of CollectedClientData (WebAuthn §5.8.1) that verification relies on. */
export interface ClientData {
  type: string;
  challenge: string;
  origin: string;
  crossOrigin?: boolean;
  topOrigin?: string;
}

/** Decodes a base64url `clientDataJSON`; null when it is not the shape browsers produce. */
export function decodeClientData(clientDataJSON: string): ClientData | null {
  let value: unknown;
  try {
    value = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON));
  } catch {
    return null;
  }
  if (!isRecord(value)) return null;
  const { type, challenge, origin, crossOrigin, topOrigin } = value;
  if (typeof type !== 'string' || typeof challenge !== 'string' || typeof origin !== 'string') return null;
  if (crossOrigin !== undefined && typeof crossOrigin !== 'boolean') return null;
  if (topOrigin !== undefined && typeof topOrigin !== 'string') return null;
  return {
    type,
    challenge,
    origin,
    ...(crossOrigin === undefined ? {} : { crossOrigin }),
    ...(topOrigin === undefined ? {} : { topOrigin }),
  };
}
