import { describe, expect, it } from 'vitest';
import { ApiError, NetworkError } from '@latch/api';
import { authenticationErrorId, EmptyPasskeyResponse, registrationErrorId } from './passkeyErrors';

const apiError = (error_type: string) =>
  new ApiError({ error_type, error_message: 'x', status_code: 400, request_id: 'r', error_url: 'u' });
const browserError = (name: string, message = name) => Object.assign(new Error(message), { name });

describe('passkey error messages', () => {
  it('maps sign-in failures, silent for a dismissed prompt and for browser failures on the autofill path', () => {
    expect(authenticationErrorId(apiError('webauthn_registration_not_found'), false)).toBe(
      'error.webauthn_registration_not_found',
    );
    expect(authenticationErrorId(apiError('webauthn_registration_not_found'), true)).toBe(
      'error.webauthn_registration_not_found',
    );
    expect(authenticationErrorId(apiError('invalid_webauthn_challenge'), true)).toBe('error.passkeyUnknown');
    expect(authenticationErrorId(new EmptyPasskeyResponse(), false)).toBe('error.passkeyUnknown');
    expect(authenticationErrorId(new NetworkError('down'), false)).toBe('error.network');
    expect(authenticationErrorId(browserError('NotAllowedError'), false)).toBeNull();
    expect(authenticationErrorId(browserError('AbortError'), true)).toBeNull();
    expect(authenticationErrorId(browserError('SecurityError'), false)).toBe('error.passkeyUnknown');
    expect(authenticationErrorId(browserError('SecurityError'), true)).toBeNull();
  });

  it('tells a duplicate registration from other failures', () => {
    expect(registrationErrorId(apiError('duplicate_webauthn_registration'))).toBe('error.duplicatePasskey');
    expect(registrationErrorId(browserError('InvalidStateError'))).toBe('error.duplicatePasskey');
    expect(
      registrationErrorId(
        browserError(
          'NotAllowedError',
          'At least one credential matches an entry of the excludeCredentials list in the platform attached authenticator.',
        ),
      ),
    ).toBe('error.duplicatePasskey');
    expect(registrationErrorId(browserError('NotAllowedError'))).toBe('error.passkeyNotCreated');
    expect(registrationErrorId(apiError('invalid_public_key_credential'))).toBe('error.passkeyNotCreated');
    expect(registrationErrorId('odd')).toBe('error.passkeyNotCreated');
  });
});
