import * as v from 'valibot';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SdkBody, SdkBodyOutput, SdkPathEndpoints } from '../endpoints';
import { sdkBodySchemas } from './sdkBodySchemas';
import { DEFAULT_SESSION_MINUTES } from './sessions';

describe('sdkBodySchemas', () => {
  it('gives callers optional defaulted fields and routes the filled-in value', () => {
    expectTypeOf<SdkBody<'POST /otps/authenticate'>>().toEqualTypeOf<{
      token: string;
      method_id: string;
      session_duration_minutes?: number;
    }>();
    expectTypeOf<SdkBodyOutput<'POST /otps/authenticate'>>().toEqualTypeOf<{
      token: string;
      method_id: string;
      session_duration_minutes: number;
    }>();
    expect(v.parse(sdkBodySchemas['POST /otps/authenticate'], { token: '123456', method_id: 'm' })).toEqual({
      token: '123456',
      method_id: 'm',
      session_duration_minutes: DEFAULT_SESSION_MINUTES,
    });
  });

  it('types a request without a body as undefined', () => {
    expectTypeOf<SdkBody<'GET /users/me'>>().toEqualTypeOf<undefined>();
    expectTypeOf<
      SdkPathEndpoints['DELETE /users/webauthn_registrations/{webauthn_registration_id}']['body']
    >().toEqualTypeOf<undefined>();
    expect(sdkBodySchemas['GET /users/me']).toBeNull();
  });
});
