import type { AuthenticationFactor } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import { ApiFailure } from '../http/ApiFailure';
import { resolveRpId, type WebAuthnFailure } from './ceremony';

/** Every WebAuthn domain failure is the client's (bad credential, origin, challenge...): 400. */
export const webAuthnApiFailure = (failure: WebAuthnFailure): ApiFailure =>
  new ApiFailure(failure.error_type, 400, failure.message);

export const registrationNotFound = (): ApiFailure =>
  new ApiFailure(
    'webauthn_registration_not_found',
    404,
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  );

/**
 * The RP ID of a ceremony: the project's `passkey_domain` when configured, else the requested
 * `domain`, else the auth origin's host. A requested domain must itself be a valid RP ID for the
 * auth origin (the host name or a registrable suffix of it), even when the project pins another.
 */
export function ceremonyRpId(authOrigin: string, project: ProjectConfig, domain: string): string {
  const requested = domain.trim() === '' ? undefined : domain;
  if (requested !== undefined) {
    const asked = resolveRpId({ authOrigin, requestedDomain: requested });
    if (!asked.ok) throw webAuthnApiFailure(asked);
  }
  const resolved = resolveRpId({ authOrigin, requestedDomain: project.passkey_domain ?? requested });
  if (!resolved.ok) throw webAuthnApiFailure(resolved);
  return resolved.rpId;
}

/** The session factor a passkey ceremony proves. */
export const webauthnFactor = (registration: {
  webauthn_registration_id: string;
  domain: string;
  user_agent: string;
}): Omit<AuthenticationFactor, 'last_authenticated_at'> => ({
  type: 'webauthn',
  delivery_method: 'webauthn_registration',
  webauthn_factor: {
    webauthn_registration_id: registration.webauthn_registration_id,
    domain: registration.domain,
    user_agent: registration.user_agent,
  },
});
