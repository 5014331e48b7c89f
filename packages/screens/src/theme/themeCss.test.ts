/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { THEME_TOKENS } from './themeTokens';

// Every style sheet of the widget, read from disk (Vitest empties imported CSS), new ones included.
const src = join(dirname(fileURLToPath(import.meta.url)), '..');
const sheets = Object.fromEntries(
  readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.css'))
    .map((file) => [file, readFileSync(join(src, file), 'utf8')]),
);
const css = Object.values(sheets).join('\n');
const used = new Set([...css.matchAll(/var\((--latch-[\w-]+)/g)].map((m) => m[1]));

describe('theme tokens and the style sheets', () => {
  it('reads the style sheets', () => {
    expect(Object.keys(sheets).some((path) => path.endsWith('styles/widget.css'))).toBe(true);
  });

  it.each(THEME_TOKENS.map((token) => [token.path, token.cssVar]))(
    '%s reaches the page through %s',
    (_path, cssVar) => expect(used.has(cssVar)).toBe(true),
  );

  it('uses no --latch-* property the theme does not define, except the fixed sizes', () => {
    const defined = new Set<string>(THEME_TOKENS.map((t) => t.cssVar));
    const fixed = new Set(['--latch-button-height', '--latch-input-height']);
    expect([...used].filter((v) => v !== undefined && !defined.has(v) && !fixed.has(v))).toEqual([]);
  });

  it('keeps the fixed sizes: buttons 45px, inputs 47px, logo 50x100, watermark 150px', () => {
    expect(css).toMatch(/--latch-button-height:\s*45px/);
    expect(css).toMatch(/--latch-input-height:\s*47px/);
    expect(css).toMatch(/\.latch-logo\s*{[^}]*max-height:\s*50px;[^}]*max-width:\s*100px/);
    expect(css).toMatch(/\.latch-watermark\s*{[^}]*width:\s*150px/);
  });

  it('gives every control a visible keyboard focus ring', () => {
    expect(css).toMatch(/\.latch-root :focus-visible\s*{[^}]*outline:\s*2px solid var\(--latch-primary\)/);
  });
});
