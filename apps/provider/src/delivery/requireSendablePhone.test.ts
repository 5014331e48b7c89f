import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAuthKit, type AuthKit } from '../../test/authTestKit';
import { testConfig, testProject } from '../../test/testConfig';

describe('the project’s SMS and WhatsApp country allowlist', () => {
  let kit: AuthKit;
  beforeAll(async () => {
    kit = await openAuthKit('pglite', {
      projects: [testProject({ allowed_phone_countries: ['US', 'CA'] }), ...testConfig().projects.slice(1)],
    });
  }, 60_000);
  afterAll(() => kit?.close());

  const counts = async () => {
    const [row] = await kit.db.query<{ messages: number; phones: number }>(
      `SELECT (SELECT count(*)::int FROM outbox) AS messages, (SELECT count(*)::int FROM user_phone_numbers) AS phones`,
    );
    return row;
  };

  it.each([
    ['SDK SMS', 'sdk', '/otps/sms/login_or_create'],
    ['SDK WhatsApp', 'sdk', '/otps/whatsapp/login_or_create'],
    ['backend SMS login_or_create', 'v1', '/v1/otps/sms/login_or_create'],
    ['backend SMS send', 'v1', '/v1/otps/sms/send'],
  ])('%s: a number abroad is refused, and nothing is stored, queued or sent', async (_name, api, path) => {
    const before = await counts();
    const body = { phone_number: '+33612345678', expiration_minutes: 5 };
    const answer = api === 'sdk' ? await kit.post(path, body) : await kit.v1('POST', path, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({
      status_code: 400,
      error_type: 'invalid_phone_number_country_code',
      error_message: 'This project does not send messages to phone numbers in FR.',
    });
    expect(await counts()).toEqual(before);
  });

  it('refuses a number whose country cannot be told', async () => {
    const answer = await kit.post('/otps/sms/login_or_create', {
      phone_number: '+15555550123',
      expiration_minutes: 5,
    });
    expect(answer.body).toMatchObject({ error_type: 'invalid_phone_number_country_code' });
    expect(answer.body['error_message']).toContain('could not be determined');
  });

  it('sends to a number of an allowed country', async () => {
    await kit.ok('/otps/sms/login_or_create', { phone_number: '+14165550123', expiration_minutes: 5 });
    await kit.ok('/otps/whatsapp/login_or_create', { phone_number: '+12125550123', expiration_minutes: 5 });
    expect((await kit.latest('+14165550123')).code).toMatch(/^[0-9]{6}$/);
    expect((await kit.latest('+12125550123')).channel).toBe('whatsapp');
  });
});
