import { describe, expect, it } from 'vitest';
import type { LoginConfig, MountState } from '@latch/protocol';
import { DEFAULT_MOUNT_STATE } from '../state/widgetAtoms';
import { unhonouredMessage, unhonouredOptions } from './unhonouredOptions';

const mount = (config: LoginConfig, extra: Partial<MountState> = {}): MountState => ({
  ...DEFAULT_MOUNT_STATE,
  config,
  ...extra,
});

describe('options the widget accepts but does not honour yet', () => {
  it('finds none in a configuration of honoured options', () => {
    const config: LoginConfig = {
      products: ['emailMagicLinks', 'otp', 'oauth', 'passwords'],
      emailMagicLinksOptions: { loginRedirectURL: 'https://app.test/a', createUserAsPending: true },
      otpOptions: { methods: ['sms'], expirationMinutes: 10 },
      sessionOptions: { sessionDurationMinutes: 60 },
      passwordOptions: { resetPasswordRedirectURL: 'https://app.test/r', resetPasswordExpirationMinutes: 20 },
      oauthOptions: {
        providers: [{ type: 'google', custom_scopes: ['email'], one_tap: false }],
        enableShadowDOM: false,
      },
      passkeyOptions: { domain: 'app.test' },
    };
    expect(unhonouredOptions(mount(config))).toEqual([]);
  });

  it('names each one set, with the index of the provider that sets it', () => {
    const config: LoginConfig = {
      products: ['emailMagicLinks', 'otp', 'oauth'],
      emailMagicLinksOptions: { domainHint: 'example.com', locale: 'es' },
      otpOptions: { methods: ['sms'], loginTemplateId: 'a', signupTemplateId: 'b', locale: 'fr' },
      passwordOptions: { loginExpirationMinutes: 5, resetPasswordTemplateId: 'c', locale: 'de' },
      oauthOptions: {
        providers: [
          { type: 'github' },
          { type: 'google', one_tap: true, position: 'embedded', cancel_on_tap_outside: true },
          { type: 'apple', provider_params: { prompt: 'login' } },
        ],
        enableShadowDOM: true,
      },
    };
    const auth = { trustedAuthToken: 'token', tokenProfileID: 'profile' };
    expect(unhonouredOptions(mount(config, { kind: 'identity-provider', authTokenParams: auth }))).toEqual([
      'emailMagicLinksOptions.domainHint',
      'passwordOptions.loginExpirationMinutes',
      'oauthOptions.enableShadowDOM',
    ]);
  });

  it('says the option has no effect', () => {
    expect(unhonouredMessage('oauthOptions.enableShadowDOM')).toBe(
      "'oauthOptions.enableShadowDOM' is not supported yet and has no effect",
    );
  });
});
