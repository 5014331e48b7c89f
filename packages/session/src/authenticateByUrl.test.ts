import { afterEach, describe, expect, it, vi } from 'vitest';
import { authenticateByUrl } from './authenticateByUrl';
import { authResponse } from './testing';

function setup(search: string) {
  history.replaceState(null, '', `/landing${search}`);
  let urlAtCall = '';
  const call = vi.fn(async () => {
    urlAtCall = location.href;
    return {
      ...authResponse(),
      method_id: 'm',
      provider_subject: 's',
      provider_type: 'Google',
      provider_values: {},
    };
  });
  const manager = { api: { call, callPath: vi.fn(), pageUrl: vi.fn() }, update: vi.fn() };
  return { manager, call, urlAtCall: () => urlAtCall };
}

afterEach(() => history.replaceState(null, '', '/'));

describe('authenticateByUrl', () => {
  it('redeems a magic link token after removing it from the URL', async () => {
    const { manager, call, urlAtCall } = setup('?token=abc&stytch_token_type=magic_links&keep=1');
    const response = await authenticateByUrl(manager, { session_duration_minutes: 60 });
    expect(call).toHaveBeenCalledWith('POST /magic_links/authenticate', {
      token: 'abc',
      session_duration_minutes: 60,
    });
    expect(urlAtCall()).toMatch(/\/landing\?keep=1$/);
    expect(location.search).toBe('?keep=1');
    expect(manager.update).toHaveBeenCalledWith(response);
  });

  it("redeems a reset email's login token as a magic link after removing it from the URL", async () => {
    const { manager, call, urlAtCall } = setup('?token=def&stytch_token_type=login');
    const response = await authenticateByUrl(manager, { session_duration_minutes: 45 });
    expect(call).toHaveBeenCalledWith('POST /magic_links/authenticate', {
      token: 'def',
      session_duration_minutes: 45,
    });
    expect(urlAtCall()).toMatch(/\/landing$/);
    expect(location.search).toBe('');
    expect(manager.update).toHaveBeenCalledWith(response);
  });

  it('redeems an OAuth token', async () => {
    const { manager, call } = setup('?stytch_token_type=oauth&token=xyz');
    await authenticateByUrl(manager, { session_duration_minutes: 30 });
    expect(call).toHaveBeenCalledWith('POST /oauth/authenticate', {
      token: 'xyz',
      session_duration_minutes: 30,
    });
  });

  it('returns null and leaves the URL alone without a token it handles', async () => {
    for (const search of [
      '',
      '?token=abc',
      '?token=abc&stytch_token_type=reset_password',
      '?stytch_token_type=oauth',
    ]) {
      const { manager, call } = setup(search);
      await expect(authenticateByUrl(manager, { session_duration_minutes: 30 })).resolves.toBeNull();
      expect(call).not.toHaveBeenCalled();
      expect(location.search).toBe(search);
    }
  });
});
