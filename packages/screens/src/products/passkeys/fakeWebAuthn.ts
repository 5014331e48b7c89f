import { vi } from 'vitest';

/*
 * Test double for the browser's WebAuthn API (happy-dom has none): a PublicKeyCredential global
 * and navigator.credentials with get/create spies. The real ceremony is covered by e2e with
 * Chromium's virtual authenticator.
 */

const bytes = (...values: number[]) => new Uint8Array(values).buffer;

export const REQUEST_OPTIONS = JSON.stringify({
  challenge: 'Y2hhbGxlbmdlLTE',
  rpId: 'localhost',
  allowCredentials: [],
  userVerification: 'preferred',
  timeout: 60000,
});

export const CREATION_OPTIONS = JSON.stringify({
  challenge: 'Y2hhbGxlbmdlLTI',
  rp: { name: 'Latch', id: 'localhost' },
  user: { id: 'dXNlci10ZXN0LTE', name: 'ada@example.com', displayName: 'ada@example.com' },
  pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
  excludeCredentials: [],
  authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
});

export function assertion() {
  return {
    id: 'Y3JlZC0x',
    rawId: bytes(99, 114, 101, 100, 45, 49),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      authenticatorData: bytes(1, 2, 3),
      clientDataJSON: bytes(4, 5, 6),
      signature: bytes(7, 8, 9),
      userHandle: bytes(10, 11),
    },
    getClientExtensionResults: () => ({}),
  };
}

export function attestation() {
  return {
    id: 'Y3JlZC0y',
    rawId: bytes(99, 114, 101, 100, 45, 50),
    type: 'public-key',
    authenticatorAttachment: 'platform',
    response: {
      attestationObject: bytes(1, 2, 3),
      clientDataJSON: bytes(4, 5, 6),
      getTransports: () => ['internal'],
    },
    getClientExtensionResults: () => ({}),
  };
}

export const domError = (name: string, message = name) => new DOMException(message, name);

type CredentialOptions = { mediation?: string; signal?: AbortSignal; publicKey?: unknown };

/** Resolves to `value` unless the request's signal aborts first, as a real request would. */
function abortable<T>(options: CredentialOptions, value: Promise<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const { signal } = options;
    if (signal?.aborted) return reject(domError('AbortError'));
    signal?.addEventListener('abort', () => reject(domError('AbortError')), { once: true });
    value.then(resolve, reject);
  });
}

export interface FakeWebAuthn {
  get: ReturnType<typeof vi.fn<(options: CredentialOptions) => Promise<unknown>>>;
  create: ReturnType<typeof vi.fn<(options: CredentialOptions) => Promise<unknown>>>;
  restore: () => void;
}

/**
 * Installs the fake. By default a modal `get` returns an assertion, a conditional `get` waits
 * (like an autofill nobody picks) until aborted, and `create` returns an attestation.
 */
export function installFakeWebAuthn({ autofill }: { autofill: boolean }): FakeWebAuthn {
  const get = vi.fn((options: CredentialOptions) =>
    abortable(
      options,
      options.mediation === 'conditional'
        ? new Promise<unknown>(() => undefined)
        : Promise.resolve(assertion()),
    ),
  );
  const create = vi.fn((options: CredentialOptions) =>
    abortable(options, Promise.resolve<unknown>(attestation())),
  );
  function PublicKeyCredential() {}
  if (autofill) PublicKeyCredential.isConditionalMediationAvailable = () => Promise.resolve(true);
  vi.stubGlobal('PublicKeyCredential', PublicKeyCredential);
  Object.defineProperty(navigator, 'credentials', { value: { get, create }, configurable: true });
  return {
    get,
    create,
    restore: () => {
      vi.unstubAllGlobals();
      Reflect.deleteProperty(navigator, 'credentials');
    },
  };
}
