/** Loads the WebAuthn ceremony module (and @simplewebauthn/browser) on first use, as its own chunk. */
export function loadCeremony() {
  return import('./ceremony');
}

/** Whether the browser can offer passkeys in an input's autofill (conditional mediation). */
export async function passkeyAutofillSupported(): Promise<boolean> {
  try {
    return await (await loadCeremony()).supportsAutofill();
  } catch {
    return false;
  }
}
