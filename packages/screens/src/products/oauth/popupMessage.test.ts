import { OAUTH_POPUP_MESSAGE } from '@latch/api';
import { describe, expect, it } from 'vitest';
import { acceptPopupMessage } from './popupMessage';

const popup = { name: 'the popup' };
const attempt = { popup, origin: 'https://auth.example', challenge: 'c'.repeat(43) };
const result = { type: OAUTH_POPUP_MESSAGE, code_challenge: attempt.challenge, token: 't'.repeat(44) };

describe('acceptPopupMessage', () => {
  it('takes the result from the popup, on the frame origin, for this attempt', () => {
    expect(acceptPopupMessage({ origin: attempt.origin, source: popup, data: result }, attempt)).toEqual(
      result,
    );
    const failure = {
      type: OAUTH_POPUP_MESSAGE,
      code_challenge: attempt.challenge,
      error_type: 'x',
      error_message: '',
    };
    expect(acceptPopupMessage({ origin: attempt.origin, source: popup, data: failure }, attempt)).toEqual(
      failure,
    );
  });

  it.each([
    ['another origin', { origin: 'https://host.example', source: popup, data: result }],
    ['a look-alike origin', { origin: 'https://auth.example.evil', source: popup, data: result }],
    ['another window', { origin: attempt.origin, source: { name: 'other' }, data: result }],
    ['no window', { origin: attempt.origin, source: null, data: result }],
    [
      'another attempt',
      { origin: attempt.origin, source: popup, data: { ...result, code_challenge: 'd'.repeat(43) } },
    ],
    ['another message type', { origin: attempt.origin, source: popup, data: { ...result, type: 'penpal' } }],
    [
      'no token nor error',
      {
        origin: attempt.origin,
        source: popup,
        data: { type: OAUTH_POPUP_MESSAGE, code_challenge: attempt.challenge },
      },
    ],
    ['a string', { origin: attempt.origin, source: popup, data: JSON.stringify(result) }],
  ])('ignores %s', (_, message) => {
    expect(acceptPopupMessage(message, attempt)).toBeNull();
  });
});
