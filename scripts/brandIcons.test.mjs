import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BRANDS_DIR, brandIconModules } from './brandIcons.mjs';

describe('brand icons', () => {
  it('the committed icon modules are what scripts/brandIcons.mjs generates from the icon sets', () => {
    const generated = brandIconModules();
    expect(readdirSync(BRANDS_DIR).sort()).toEqual(Object.keys(generated).sort());
    for (const [file, text] of Object.entries(generated)) {
      expect(readFileSync(join(BRANDS_DIR, file), 'utf8'), file).toBe(text);
    }
  });
});
