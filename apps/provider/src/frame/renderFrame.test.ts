import type { FrameBoot } from '@latch/api';
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

describe('renderFrameDocument', () => {
  const template =
    '<head><!--latch-boot--><script type="module" src="/frame/assets/a.js"></script></head><body><SCRIPT src="/frame/assets/b.js"></SCRIPT></body>';
  const html = renderFrameDocument(template, boot, 'NONCE');

  it('replaces the placeholder with the boot JSON, `<` escaped so it cannot close the script', () => {
    expect(html).not.toContain('<!--latch-boot-->');
    expect(html).not.toContain('</script><script>alert');
    const json = /<script nonce="NONCE" type="application\/json" id="latch-boot">(.*?)<\/script>/.exec(
      html ?? '',
    )?.[1];
    expect(JSON.parse(json ?? 'null')).toEqual(boot);
  });

  it('puts the nonce on every script tag, whatever its case', () => {
    expect(html?.match(/<script\b/gi)).toHaveLength(3);
    expect(html?.match(/<script nonce="NONCE"/gi)).toHaveLength(3);
  });

  it('puts the preload links at the end of the head, without nonces', () => {
    const links = '<link rel="modulepreload" crossorigin href="/frame/assets/c.js">';
    const withLinks = renderFrameDocument(template, boot, 'NONCE', links);
    expect(withLinks).toContain(`${links}</head>`);
    expect(withLinks?.replace(links, '')).toBe(html);
  });

  it('refuses a template without the placeholder', () => {
    expect(renderFrameDocument('<html></html>', boot, 'N')).toBeNull();
  });

  it('escapes line separators too', () => {
    expect(escapeJsonForHtml({ a: '<\u2028' })).toBe('{"a":"\\u003c\\u2028"}');
  });
});
