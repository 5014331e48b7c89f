import { describe, expect, it } from 'vitest';
import { FRAME_STATE_ELEMENT_ID, parseFrameSearch } from '@latch/protocol';
import { initialStateFromUrl, readInitialState } from './readInitialState';

/** A document whose `#latch-initial-state` holds `text`, as the provider serves it. */
function documentWith(text: string | null): Document {
  const doc = document.implementation.createHTMLDocument('');
  if (text === null) return doc;
  const script = doc.createElement('script');
  script.type = 'application/json';
  script.id = FRAME_STATE_ELEMENT_ID;
  script.textContent = text;
  doc.head.append(script);
  return doc;
}

const config = { products: ['emailMagicLinks', 'otp'], otpOptions: { methods: ['sms'] } };
const search = `?${new URLSearchParams({
  config: JSON.stringify(config),
  styles: JSON.stringify([{ colors: { primary: '#112233' } }, { colors: { primary: '#ddeeff' } }]),
})}`;

describe('the initial state of the frame document', () => {
  it('is read as the provider embedded it, the shared parser’s own result', () => {
    const { errors, ...parsed } = parseFrameSearch(search);
    expect(errors).toEqual([]);
    // The provider's escaping (`<` as \u003c) reads back unchanged.
    const text = JSON.stringify(parsed).replace(/</g, '\\u003c');
    expect(readInitialState(documentWith(text))).toEqual(parsed);
  });

  it('is absent without the element, and refused when it is not JSON or not a state', () => {
    expect(readInitialState(documentWith(null))).toBeNull();
    expect(readInitialState(documentWith(''))).toBeNull();
    expect(readInitialState(documentWith('{not json'))).toBeNull();
    for (const value of [
      null,
      [],
      { config },
      { styles: {} },
      { config: { products: 'otp' }, styles: {} },
      { config, styles: 'red' },
      { config, styles: [{}] },
    ])
      expect(readInitialState(documentWith(JSON.stringify(value))), JSON.stringify(value)).toBeNull();
  });

  it('falls back to the frame URL, read by the shared parser fetched on demand', async () => {
    const { errors, ...parsed } = parseFrameSearch(search);
    expect(errors).toEqual([]);
    expect(await initialStateFromUrl(search)).toEqual(parsed);
    // Anything malformed: the parser's empty defaults, as the provider would have embedded them.
    expect(await initialStateFromUrl('?config=%7Bbroken&styles=1')).toEqual({
      config: { products: [] },
      styles: {},
    });
  });
});
