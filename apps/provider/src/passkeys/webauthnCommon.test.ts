import { describe, expect, it } from 'vitest';
import { testProject } from '../../test/testConfig';
import { AuthError } from '../errors/AuthError';
import { ERROR_STATUS } from '../http/errorStatus';
import { ceremonyRpId } from './webauthnCommon';

const AUTH = 'https://auth.example.com';

const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AuthError ? [ERROR_STATUS[error.error_type], error.error_type] : error;
  }
  return 'accepted';
};

describe('ceremonyRpId', () => {
  it("defaults to the auth origin's host name", () => {
    expect(ceremonyRpId(AUTH, testProject(), '')).toBe('auth.example.com');
    expect(ceremonyRpId(AUTH, testProject(), 'auth.example.com')).toBe('auth.example.com');
  });

  it('takes a requested registrable suffix of the auth host', () => {
    expect(ceremonyRpId(AUTH, testProject(), 'example.com')).toBe('example.com');
  });

  it("prefers the project's passkey domain, but still refuses a requested domain that cannot be an RP ID", () => {
    const project = testProject({ passkey_domain: 'example.com' });
    expect(ceremonyRpId(AUTH, project, '')).toBe('example.com');
    expect(ceremonyRpId(AUTH, project, 'auth.example.com')).toBe('example.com');
    expect(refusal(() => ceremonyRpId(AUTH, project, 'evil.com'))).toEqual([400, 'webauthn_invalid_rp_id']);
  });

  it('refuses other sites, public suffixes and a passkey domain the auth origin cannot use', () => {
    for (const domain of ['evil.com', 'com', 'co.uk', 'sub.auth.example.com']) {
      expect(
        refusal(() => ceremonyRpId(AUTH, testProject(), domain)),
        domain,
      ).toEqual([400, 'webauthn_invalid_rp_id']);
    }
    const misconfigured = testProject({ passkey_domain: 'other.org' });
    expect(refusal(() => ceremonyRpId(AUTH, misconfigured, ''))).toEqual([400, 'webauthn_invalid_rp_id']);
  });
});
