import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testProject } from '../../test/testConfig';
import { parseConfig } from './parseConfig';

const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const PEM = publicKey.export({ type: 'spki', format: 'pem' }).toString();

const profile = (patch: Record<string, unknown> = {}) => ({
  profile_id: 'partner',
  issuer: 'https://idp.partner.example',
  audience: 'latch',
  public_key_pem: PEM,
  attribute_mapping: { email: 'email' },
  ...patch,
});

const parse = (profiles: unknown[]) =>
  parseConfig({ projects: [{ ...testProject(), trusted_auth_token_profiles: profiles }] });

function errorFor(profiles: unknown[]): string {
  const parsed = parse(profiles);
  if (parsed.ok) throw new Error('expected the config to be refused');
  return parsed.error;
}

describe('trusted_auth_token_profiles', () => {
  it('fills the switches with false', () => {
    const parsed = parse([profile()]);
    expect(parsed.ok && parsed.config.projects[0]?.trusted_auth_token_profiles).toEqual([
      { ...profile(), can_jit_provision: false, issuer_verifies_email: false },
    ]);
  });

  it('accepts a JWKS URL instead of a key', () => {
    expect(parse([profile({ public_key_pem: undefined, jwks_url: 'https://idp.example/jwks' })]).ok).toBe(
      true,
    );
  });

  it.each([
    [
      [profile({ jwks_url: 'https://idp.example/jwks' })],
      '[0]: needs exactly one of jwks_url or public_key_pem',
    ],
    [[profile({ public_key_pem: undefined })], '[0]: needs exactly one of jwks_url or public_key_pem'],
    [
      [profile({ public_key_pem: undefined, jwks_url: 'http://idp.example/jwks' })],
      '[0].jwks_url: "http://idp.example/jwks" must be an https URL (http only on localhost)',
    ],
    [
      [profile({ public_key_pem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString() })],
      '[0].public_key_pem: must be a PEM "-----BEGIN PUBLIC KEY-----" block',
    ],
    [
      [profile({ public_key_pem: '-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----' })],
      '[0].public_key_pem: is not a readable public key',
    ],
    [[profile({ attribute_mapping: {} })], '[0].attribute_mapping.email: is required'],
    [
      [profile({ attribute_mapping: { email: 'email', mail: 'x' } })],
      '[0].attribute_mapping.mail: unknown key',
    ],
    [[profile({ audiences: ['x'] })], '[0].audiences: unknown key'],
    [[profile(), profile()], '[1].profile_id: is used twice'],
  ])('refuses %j with "%s"', (profiles, message) => {
    expect(errorFor(profiles)).toContain(`projects[0].trusted_auth_token_profiles${message}`);
  });
});
