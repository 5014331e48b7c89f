import { describe, expect, it } from 'vitest';
import { testProject } from '../../test/testConfig';
import { WEBHOOK_EVENT_TYPES } from '../webhooks/eventTypes';
import { parseConfig } from './parseConfig';

const ACCOUNT = `AC${'a1'.repeat(16)}`;

function parsedProject(patch: Record<string, unknown>) {
  const parsed = parseConfig({ projects: [{ ...testProject(), ...patch }] });
  if (!parsed.ok) throw new Error(parsed.error);
  const [project] = parsed.config.projects;
  if (!project) throw new Error('no project');
  return project;
}

function errorFor(patch: Record<string, unknown>): string {
  const parsed = parseConfig({ projects: [{ ...testProject(), ...patch }] });
  if (parsed.ok) throw new Error('expected the config to be refused');
  return parsed.error;
}

describe('the gateway, allowlist and webhook keys of a project', () => {
  it('accepts each gateway and fills the defaults', () => {
    const project = parsedProject({
      sms: { gateway: 'vonage', api_key: 'abcd1234', api_secret_env: 'VONAGE_API_SECRET', from: 'Acme' },
      whatsapp: {
        gateway: 'meta',
        phone_number_id: '105954558954427',
        access_token_env: 'WHATSAPP_TOKEN',
        template_name: 'verification_code',
      },
      allowed_phone_countries: ['US', 'CA'],
      webhooks: [{ url: 'https://hooks.example.com/latch', secret_env: 'LATCH_WEBHOOK_SECRET' }],
    });
    expect(project.whatsapp).toMatchObject({ template_language: 'en_US' });
    expect(project.webhooks[0]?.events).toEqual([...WEBHOOK_EVENT_TYPES]);
    expect(parsedProject({}).webhooks).toEqual([]);
    expect(
      parsedProject({
        sms: {
          gateway: 'twilio',
          account_sid: ACCOUNT,
          auth_token_env: 'TWILIO_AUTH_TOKEN',
          from: '+15005550006',
        },
      }).sms,
    ).toMatchObject({ gateway: 'twilio' });
  });

  it.each([
    [
      { sms: { gateway: 'twilio', account_sid: ACCOUNT, auth_token_env: 'T' } },
      'projects[0].sms: needs exactly one of "from" and "messaging_service_sid"',
    ],
    [
      {
        sms: {
          gateway: 'twilio',
          account_sid: ACCOUNT,
          auth_token_env: 'T',
          from: '+15005550006',
          auth_token: 'x',
        },
      },
      'projects[0].sms.auth_token: is not accepted in the config file: put the secret in an environment variable and name it in "auth_token_env"',
    ],
    [{ sms: { gateway: 'plivo' } }, 'projects[0].sms: needs "gateway": "twilio", "vonage" or "http_hook"'],
    [
      { whatsapp: { gateway: 'vonage' } },
      'projects[0].whatsapp: needs "gateway": "twilio", "meta" or "http_hook"',
    ],
    [
      { sms: { gateway: 'twilio', account_sid: 'AC1', auth_token_env: 'T', from: '+15005550006' } },
      'projects[0].sms.account_sid: is not a AC… SID',
    ],
    [
      { whatsapp: { gateway: 'twilio', account_sid: ACCOUNT, auth_token_env: 'T', from: '+15005550006' } },
      'projects[0].whatsapp.content_sid: is required',
    ],
    [
      { sms: { gateway: 'http_hook', url: 'http://hooks.example.com/sms', secret_env: 'S' } },
      'projects[0].sms.url: "http://hooks.example.com/sms" must use https (http only on localhost, 127.x.x.x or [::1])',
    ],
    [
      { allowed_phone_countries: ['us'] },
      'projects[0].allowed_phone_countries[0]: "us" is not an ISO 3166-1 alpha-2 country code with phone numbers, like "US"',
    ],
    [{ allowed_phone_countries: [] }, 'projects[0].allowed_phone_countries: expected at least 1 item'],
    [
      { webhooks: [{ url: 'https://a.example/h', secret_env: 'S', events: ['user.renamed'] }] },
      'projects[0].webhooks[0].events[0]: expected one of user.created, user.updated, user.deleted, session.created, session.revoked, password.changed, got "user.renamed"',
    ],
    [
      {
        webhooks: [
          { url: 'https://a.example/h', secret_env: 'S' },
          { url: 'https://a.example/h', secret_env: 'T' },
        ],
      },
      'projects[0].webhooks[1].url: is used twice',
    ],
  ])('refuses %j', (patch, error) => {
    expect(errorFor(patch)).toBe(error);
  });
});
