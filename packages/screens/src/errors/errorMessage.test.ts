import { describe, expect, it } from 'vitest';
import { ApiError, ERROR_TYPES, NetworkError } from '@latch/api';
import { createTranslator } from '../strings/translate';
import { PROVIDER_ERROR_IDS } from '@latch/protocol/catalogue';
import { describeError } from './errorMessage';

const { t } = createTranslator();
const apiError = (error_type: string, error_message = 'server text') =>
  new ApiError({ error_type, error_message, status_code: 400, request_id: 'r', error_url: 'u' });

describe('error catalogue', () => {
  it('maps each documented error type to its message', () => {
    expect(describeError(apiError('otp_code_not_found'), t)).toEqual({
      message: 'Invalid passcode, please try again.',
      error_type: 'otp_code_not_found',
      status_code: 400,
    });
    expect(describeError(apiError('invalid_email'), t).message).toBe('Email format is invalid.');
    expect(describeError(apiError('user_lock_limit_reached'), t).message).toBe(
      'Too many failed authentication attempts. Please try again later.',
    );
    expect(describeError(apiError('unsubscribed_phone_number'), t).message).toBe(
      'Phone number is unsubscribed; resubscribe by texting START.',
    );
  });

  it('shows the server message for a type without a mapping, even one named like an inherited key', () => {
    expect(describeError(apiError('too_many_requests', 'Slow down.'), t).message).toBe('Slow down.');
    expect(describeError(apiError('constructor', 'Odd.'), t).message).toBe('Odd.');
  });

  it('uses overrides and has a message for network failures, with no stack', () => {
    const custom = createTranslator({ 'error.otp_code_not_found': 'Wrong code.' }).t;
    expect(describeError(apiError('otp_code_not_found'), custom).message).toBe('Wrong code.');
    const network = describeError(new NetworkError('down'), t);
    expect(network).toEqual({
      message: 'The sign-in service could not be reached. Check your connection and try again.',
    });
    expect(describeError(new Error('boom'), t)).toEqual({
      message: 'Something went wrong. Please try again.',
    });
  });

  it('only maps error types the provider can send or the widget documents', () => {
    const specOnly = [
      'member_password_not_found',
      'oauth_flow_callback_error',
      'duplicate_member_phone_number',
    ];
    for (const type of PROVIDER_ERROR_IDS.keys()) {
      expect([...ERROR_TYPES, ...specOnly]).toContain(type);
    }
  });
});
