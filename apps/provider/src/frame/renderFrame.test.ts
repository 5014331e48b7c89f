import type { FrameBoot } from '@latch/api';
import { parseFrameSearch, type FrameInitialState } from '@latch/protocol';
import { Window } from 'happy-dom';
import { describe, expect, it } from 'vitest';
import { bootstrapResponse } from '../config/bootstrapResponse';
import { testProject } from '../../test/testConfig';
import { escapeJsonForHtml, renderFrameDocument } from './renderFrame';

const project = testProject({ name: '</script><script>alert(1)</script>' });
const boot: FrameBoot = {
  publicToken: project.public_token,
  projectId: project.project_id,
  apiBaseUrl: 'http://localhost:4000',
  allowedOrigins: project.authorized_origins,
  bootstrap: bootstrapResponse(project),
};
/** A mount's options as the shared parser reads them: every string a value that must stay a value. */
const HOSTILE = '</script><script>alert(1)</script><!--<script>\u2028\u2029';
const hostileSearch = `?${new URLSearchParams({
  config: JSON.stringify({
    products: ['emailMagicLinks'],
    emailMagicLinksOptions: { loginRedirectURL: HOSTILE, domainHint: '</SCRIPT >\u2028' },
  }),
  styles: JSON.stringify({
    colors: { primary: HOSTILE },
    logo: { logoImageUrl: '"><img src=x onerror=alert(1)>' },
  }),
})}`;
const { errors, ...hostileState } = parseFrameSearch(hostileSearch);
const state: FrameInitialState = { config: { products: ['emailMagicLinks'] }, styles: {} };
const jsonOf = (html: string | null, id: string) =>
  new RegExp(`<script nonce="NONCE" type="application/json" id="${id}">(.*?)</script>`).exec(html ?? '')?.[1];

describe('renderFrameDocument', () => {
  const template =
    '<head><!--latch-boot--><script type="module" src="/frame/assets/a.js"></script></head><body><SCRIPT src="/frame/assets/b.js"></SCRIPT></body>';
  const html = renderFrameDocument(template, { boot, state }, 'NONCE');

  it('replaces the placeholder with the boot JSON, `<` escaped so it cannot close the script', () => {
    expect(html).not.toContain('<!--latch-boot-->');
    expect(html).not.toContain('</script><script>alert');
    expect(JSON.parse(jsonOf(html, 'latch-boot') ?? 'null')).toEqual(boot);
  });

  it('hands the frame the parsed initial state as JSON that no value can break out of', () => {
    expect(errors).toEqual([]);
    expect(JSON.stringify(hostileState)).toContain('</script><script>alert(1)</script>');
    const page = renderFrameDocument(template, { boot, state: hostileState }, 'NONCE') ?? '';
    // Outside the escaped JSON the document is the template's: its own scripts and the two JSON ones.
    expect(page.match(/<script\b/gi)).toHaveLength(4);
    expect(page.match(/<\/script/gi)).toHaveLength(4);
    expect(page).not.toContain('<!--<script>');
    expect(page).not.toMatch(/[\u2028\u2029]/);
    expect(page).not.toContain('<img');
    // Read back exactly: what the provider parsed is what the frame hydrates from.
    expect(JSON.parse(jsonOf(page, 'latch-initial-state') ?? 'null')).toEqual(hostileState);
    // And a browser's parser sees two JSON elements whose text is that JSON, and no other element.
    const doc = new new Window().DOMParser().parseFromString(page, 'text/html');
    expect([...doc.querySelectorAll('script')].map((s) => s.id)).toEqual([
      'latch-boot',
      'latch-initial-state',
      '',
      '',
    ]);
    expect(doc.querySelectorAll('img')).toHaveLength(0);
    expect(JSON.parse(doc.getElementById('latch-initial-state')?.textContent ?? 'null')).toEqual(
      hostileState,
    );
  });

  it('puts the nonce on every script tag, whatever its case', () => {
    expect(html?.match(/<script\b/gi)).toHaveLength(4);
    expect(html?.match(/<script nonce="NONCE"/gi)).toHaveLength(4);
  });

  it('puts the preload links at the end of the head, without nonces', () => {
    const links = '<link rel="modulepreload" crossorigin href="/frame/assets/c.js">';
    const withLinks = renderFrameDocument(template, { boot, state }, 'NONCE', links);
    expect(withLinks).toContain(`${links}</head>`);
    expect(withLinks?.replace(links, '')).toBe(html);
  });

  it('refuses a template without the placeholder', () => {
    expect(renderFrameDocument('<html></html>', { boot, state }, 'N')).toBeNull();
  });

  it('escapes line separators too', () => {
    expect(escapeJsonForHtml({ a: '<\u2028' })).toBe('{"a":"\\u003c\\u2028"}');
  });
});
