import { describe, expect, it } from 'vitest';
import { readValue } from './readValue';
import { consentManifestRequestSchema, consentManifestSchema } from './consentManifest';

describe('consentManifestSchema', () => {
  it('takes a flat list of texts and detailed items', () => {
    const manifest = ['Read your notes', { text: 'Edit your notes', details: ['Titles', 'Bodies'] }];
    expect(readValue(consentManifestSchema, manifest)).toEqual({ ok: true, value: manifest });
  });

  it('takes groups with a header each', () => {
    const manifest = [
      { header: 'Notes', items: ['Read your notes'] },
      { header: 'Profile', items: [] },
    ];
    expect(readValue(consentManifestSchema, manifest)).toEqual({ ok: true, value: manifest });
  });

  it('names what is wrong with a manifest the frame cannot show', () => {
    expect(readValue(consentManifestSchema, 'Read your notes')).toMatchObject({ ok: false });
    expect(readValue(consentManifestSchema, [42])).toMatchObject({
      ok: false,
      error: expect.stringContaining('[0]'),
    });
    expect(readValue(consentManifestSchema, [{ text: 'x', html: '<b>' }])).toMatchObject({
      ok: false,
      error: expect.stringContaining('html: unknown option'),
    });
    expect(readValue(consentManifestSchema, [{ header: 'Notes', items: [{ text: 7 }] }])).toMatchObject({
      ok: false,
    });
    expect(readValue(consentManifestSchema, ['x'.repeat(501)])).toMatchObject({ ok: false });
  });

  it('checks the request the frame sends', () => {
    expect(
      readValue(consentManifestRequestSchema, { scopes: ['openid'], clientName: 'Notes' }),
    ).toMatchObject({
      ok: true,
    });
    expect(readValue(consentManifestRequestSchema, { scopes: 'openid', clientName: 'Notes' })).toMatchObject({
      ok: false,
    });
  });
});
