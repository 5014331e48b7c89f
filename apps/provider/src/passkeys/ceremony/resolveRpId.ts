import { isIP } from 'node:net';
import { MULTI_LABEL_PUBLIC_SUFFIXES } from './publicSuffixes';
import type { WebAuthnResult } from './webAuthnResult';
import { webAuthnFailure } from './webAuthnResult';

export interface ResolveRpIdInput {
  /** The provider's public origin, e.g. `https://auth.example.com`. */
  authOrigin: string;
  /** The configured `passkeyOptions.domain`, when the project sets one. */
  requestedDomain?: string | undefined;
}

/** A DNS label: letters, digits, hyphens, not starting or ending with a hyphen. */
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

function normalizeHost(host: string): string {
  // A trailing dot names the same host in DNS; the RP ID hash must not depend on it.
  return host.trim().toLowerCase().replace(/\.$/, '');
}

/**
 * The RP ID for passkeys: the auth origin's host name, or the requested domain when it is the
 * same host or a registrable suffix of it (WebAuthn §5.1.3: the RP ID must be the caller's
 * effective domain or a registrable domain suffix of it). IP addresses cannot be RP IDs.
 */
export function resolveRpId(input: ResolveRpIdInput): WebAuthnResult<{ rpId: string }> {
  let url: URL;
  try {
    url = new URL(input.authOrigin);
  } catch {
    return webAuthnFailure('webauthn_invalid_rp_id', `Auth origin "${input.authOrigin}" is not a URL.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return webAuthnFailure('webauthn_invalid_rp_id', `Auth origin "${input.authOrigin}" is not http(s).`);
  }
  // URL keeps IPv6 hosts in brackets; strip them so isIP recognises the address.
  const host = normalizeHost(url.hostname.replace(/^\[(.*)\]$/, '$1'));
  if (isIP(host) !== 0) {
    return webAuthnFailure('webauthn_invalid_rp_id', `Auth origin host "${host}" is an IP address.`);
  }
  if (input.requestedDomain === undefined || input.requestedDomain.trim() === '') {
    return { ok: true, rpId: host };
  }

  const requested = normalizeHost(input.requestedDomain);
  if (requested === host) return { ok: true, rpId: host };
  const labels = requested.split('.');
  if (!labels.every((label) => LABEL.test(label))) {
    return webAuthnFailure('webauthn_invalid_rp_id', `Domain "${requested}" is not a host name.`);
  }
  if (!host.endsWith(`.${requested}`)) {
    return webAuthnFailure(
      'webauthn_invalid_rp_id',
      `Domain "${requested}" is not a suffix of the auth origin host "${host}".`,
    );
  }
  if (labels.length < 2 || MULTI_LABEL_PUBLIC_SUFFIXES.has(requested)) {
    return webAuthnFailure('webauthn_invalid_rp_id', `Domain "${requested}" is a public suffix.`);
  }
  return { ok: true, rpId: requested };
}
