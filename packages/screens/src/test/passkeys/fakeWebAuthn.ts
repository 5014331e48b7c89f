import { vi } from 'vitest';
import { createTestAuthenticator, type TestAuthenticator } from '@latch/test-support/passkeys';
import { TEST_BASE_URL } from '../testNetwork';

/*
 * The browser's WebAuthn API for tests (happy-dom has none): a PublicKeyCredential global and
 * navigator.credentials with get/create spies, whose authenticator is the provider's software one,
 * so the credentials it makes and the assertions it signs are real and the provider verifies them.
 */

export { createTestAuthenticator };

export const domError = (name: string, message = name) => new DOMException(message, name);

type CredentialOptions = { mediation?: string; signal?: AbortSignal; publicKey?: unknown };
type PublicKeyOptions = { challenge: BufferSource; rpId?: string; rp?: { id?: string } };

const b64url = (source: BufferSource): string =>
  Buffer.from(source instanceof ArrayBuffer ? source : source.buffer).toString('base64url');
const bytes = (text: string): ArrayBuffer => {
  const buffer = Buffer.from(text, 'base64url');
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
};

/** What a browser on the page reports: the frame on the auth origin, embedded in this page. */
function ceremony(options: CredentialOptions) {
  const publicKey = options.publicKey as PublicKeyOptions;
  return {
    challenge: b64url(publicKey.challenge),
    rpId: publicKey.rpId ?? publicKey.rp?.id ?? location.hostname,
    origin: new URL(TEST_BASE_URL).origin,
    crossOrigin: true,
    topOrigin: location.origin,
  };
}

/** The authenticator's JSON answer as the PublicKeyCredential object a browser resolves to. */
function credential(json: string) {
  const parsed = JSON.parse(json) as { id: string; response: Record<string, unknown> };
  const response = Object.fromEntries(
    Object.entries(parsed.response).map(([k, v]) => [k, typeof v === 'string' ? bytes(v) : v]),
  );
  const transports = parsed.response['transports'];
  return {
    id: parsed.id,
    rawId: bytes(parsed.id),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: { ...response, getTransports: () => transports },
    getClientExtensionResults: () => ({}),
  };
}

/** Resolves to `value()` unless the request's signal aborts first, as a real request would. */
function abortable<T>(options: CredentialOptions, value: () => Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) return reject(domError('AbortError'));
    signal?.addEventListener('abort', () => reject(domError('AbortError')), { once: true });
    value().then(resolve, reject);
  });
}

export interface FakeWebAuthn {
  authenticator: TestAuthenticator;
  get: ReturnType<typeof vi.fn<(options: CredentialOptions) => Promise<unknown>>>;
  create: ReturnType<typeof vi.fn<(options: CredentialOptions) => Promise<unknown>>>;
  restore: () => void;
}

/**
 * Installs the stand-in. By default a modal `get` signs an assertion with `authenticator`, a
 * conditional `get` waits (like an autofill nobody picks) until aborted, and `create` makes a new
 * credential on `authenticator`.
 */
export function installFakeWebAuthn({
  autofill,
  authenticator = createTestAuthenticator(),
}: {
  autofill: boolean;
  authenticator?: TestAuthenticator;
}): FakeWebAuthn {
  const sign = async (options: CredentialOptions) =>
    credential(authenticator.authenticate(ceremony(options)));
  const get = vi.fn((options: CredentialOptions) =>
    abortable<unknown>(options, () =>
      options.mediation === 'conditional' ? new Promise<unknown>(() => undefined) : sign(options),
    ),
  );
  const create = vi.fn((options: CredentialOptions) =>
    abortable<unknown>(options, async () => credential(authenticator.register(ceremony(options)))),
  );
  function PublicKeyCredential() {}
  if (autofill) PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(true);
  vi.stubGlobal('PublicKeyCredential', PublicKeyCredential);
  Object.defineProperty(navigator, 'credentials', { value: { get, create }, configurable: true });
  return {
    authenticator,
    get,
    create,
    restore: () => {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'credentials');
    },
  };
}

/** A conditional (autofill) `get` that the visitor answers by picking the passkey. */
export const pickFromAutofill = (fake: FakeWebAuthn) =>
  fake.get.mockImplementation((options) =>
    abortable<unknown>(options, async () => credential(fake.authenticator.authenticate(ceremony(options)))),
  );
