import type { AuthenticationFactor } from '@latch/api';
import type { ProjectConfig } from '../config/configSchema';
import { resolveRpId, type WebAuthnFailure } from './ceremony';
import { AuthError } from '../errors/AuthError';

/** A WebAuthn domain failure (bad credential, origin, challenge...) as the error it answers. */
export const webAuthnError = (failure: WebAuthnFailure): AuthError =>
  new AuthError(failure.error_type, failure.message);

export const registrationNotFound = (): AuthError =>
  new AuthError(
    'webauthn_registration_not_found',
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
    if (!asked.ok) throw webAuthnError(asked);
  }
  const resolved = resolveRpId({ authOrigin, requestedDomain: project.passkey_domain ?? requested });
  if (!resolved.ok) throw webAuthnError(resolved);
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
