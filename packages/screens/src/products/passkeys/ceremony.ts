import {
  browserSupportsWebAuthnAutofill,
  startAuthentication,
  startRegistration,
  WebAuthnAbortService,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { isPlainObject } from '@latch/api';

/*
 * The browser half of a passkey ceremony. This is the only module that imports
 * @simplewebauthn/browser, and it is only loaded through `loadCeremony()`, so the library stays
 * out of the initial frame bundle.
 */

/** The provider sends options as a JSON string; a Stytch-style `{publicKey}` is unwrapped. */
function parseOptions(json: string): Record<string, unknown> {
  const parsed: unknown = JSON.parse(json);
  const inner = isPlainObject(parsed) && isPlainObject(parsed['publicKey']) ? parsed['publicKey'] : parsed;
  if (!isPlainObject(inner) || typeof inner['challenge'] !== 'string') {
    throw new TypeError('The provider sent passkey options without a challenge.');
  }
  return inner;
}

function isRequestOptions(
  v: Record<string, unknown>,
): v is Record<string, unknown> & PublicKeyCredentialRequestOptionsJSON {
  return typeof v['challenge'] === 'string';
}

function isCreationOptions(
  v: Record<string, unknown>,
): v is Record<string, unknown> & PublicKeyCredentialCreationOptionsJSON {
  const user = v['user'];
  return (
    typeof v['challenge'] === 'string' &&
    isPlainObject(v['rp']) &&
    isPlainObject(user) &&
    typeof user['id'] === 'string' &&
    Array.isArray(v['pubKeyCredParams'])
  );
}

export function supportsAutofill(): Promise<boolean> {
  return browserSupportsWebAuthnAutofill();
}

/**
 * Asks the browser for a passkey; resolves to the credential as the JSON string the API takes.
 * `conditional` offers the passkeys in the email field's autofill instead of a modal prompt.
 */
export async function getPasskeyCredential(
  optionsJson: string,
  { conditional, signal }: { conditional: boolean; signal?: AbortSignal | undefined },
): Promise<string> {
  const optionsJSON = parseOptions(optionsJson);
  if (!isRequestOptions(optionsJSON)) throw new TypeError('Malformed passkey request options.');
  signal?.throwIfAborted();
  // The library runs one ceremony at a time under its own signal; ours cancels that one.
  const cancel = () => WebAuthnAbortService.cancelCeremony();
  signal?.addEventListener('abort', cancel, { once: true });
  try {
    const credential = await startAuthentication({ optionsJSON, useBrowserAutofill: conditional });
    return JSON.stringify(credential);
  } finally {
    signal?.removeEventListener('abort', cancel);
  }
}

/** Asks the browser to create a passkey; resolves to the credential as the JSON string the API takes. */
export async function createPasskeyCredential(optionsJson: string): Promise<string> {
  const optionsJSON = parseOptions(optionsJson);
  if (!isCreationOptions(optionsJSON)) throw new TypeError('Malformed passkey creation options.');
  return JSON.stringify(await startRegistration({ optionsJSON }));
}
