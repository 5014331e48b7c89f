import { randomBytes } from 'node:crypto';
import type { FrameBoot } from '@latch/api';
import { oneTapProvider, parseFrameSearch, type LoginConfig } from '@latch/protocol';
import { encodingHeaders } from '../http/encodedFile';
import { compressDocument } from './compressDocument';
import { frameCsp, frameHeaders } from './frameHeaders';
import { isFrameKind } from './frameKinds';
import { firstScreen } from './firstScreen';
import { framePreloadTags } from './framePreloads';
import { escapeHtml, htmlPage } from './htmlPage';
import { inlineStylesheets } from './inlineStylesheets';
import { renderFrameDocument } from './renderFrame';
import { rawRoute, type Route } from '../http/route';
import { contentTypeOf, readDistFile, safeRelativePath } from '../http/staticFile';
import { bootstrapResponse } from '../config/bootstrapResponse';
import type { ProjectConfig } from '../config/configSchema';

/**
 * Whether this login frame shows Google One Tap with Google's own script: the mount's config asks
 * for One Tap and the project's Google provider is a real one with `one_tap` (the dev identity
 * provider's stand-in is served from this origin).
 */
function usesGoogleScript(project: ProjectConfig, config: LoginConfig): boolean {
  if (!oneTapProvider(config)) return false;
  const google = project.oauth_providers.find((p) => p.type === 'google');
  return !!google?.one_tap && !google.dev_idp;
}

const notBuiltPage = (problem: string): Response =>
  htmlPage(
    'unavailable',
    'Latch frame not built',
    `<p>The frame (<code>apps/frame/dist/index.html</code>) ${problem}. Run <code>npm run build</code> at the repository root, then reload.</p>`,
  );

/** GET /frame/{kind}?public_token=...: the frame document, or a public file of the frame build. */
export const frameRoute: Route = rawRoute(
  'GET',
  '/frame/:name',
  async (c, { projects, dist, authOrigin, logger }) => {
    const name = c.req.param('name') ?? '';
    if (!isFrameKind(name)) {
      // Vite copies `public/` files next to index.html; they are served like assets, not as documents.
      const file = safeRelativePath(name);
      const bytes = file && file !== 'index.html' ? await readDistFile(dist.frameDir, file) : null;
      if (bytes)
        return new Response(bytes, {
          headers: { 'Content-Type': contentTypeOf(name), 'Cache-Control': 'public, max-age=300' },
        });
      return htmlPage(
        'not_found',
        'Not found',
        `<p>There is no frame called <code>${escapeHtml(name)}</code>.</p>`,
      );
    }
    const token = c.req.query('public_token') ?? '';
    const project = projects.byPublicToken(token);
    if (!project) {
      return htmlPage(
        'not_found',
        'Unknown project',
        '<p>The <code>public_token</code> of this frame is missing or not a token of any project.</p>',
      );
    }
    const template = await readDistFile(dist.frameDir, 'index.html');
    if (!template) return notBuiltPage('is missing');
    const boot: FrameBoot = {
      publicToken: project.public_token,
      projectId: project.project_id,
      apiBaseUrl: authOrigin,
      allowedOrigins: [...project.authorized_origins],
      bootstrap: bootstrapResponse(project),
    };
    const nonce = randomBytes(16).toString('base64');
    // The mount's initial state, read once by the shared parser: the server render, the preloads and
    // the CSP follow it, and the document hands it to the frame, which hydrates without parsing again.
    const { config, styles } = parseFrameSearch(new URL(c.req.url).search);
    const state = { config, styles };
    const indexHtml = new TextDecoder().decode(template);
    const [preloads, drawn, page] = await Promise.all([
      framePreloadTags(dist.frameDir, indexHtml, name, config),
      firstScreen(dist.frameDir, logger, { kind: name, state, boot }),
      inlineStylesheets(indexHtml, dist.frameDir),
    ]);
    const html = renderFrameDocument(page, { boot, state }, nonce, preloads, drawn);
    if (html === null) return notBuiltPage('has no <code>&lt;!--latch-boot--&gt;</code> placeholder');
    const csp = frameCsp({
      nonce,
      apiBaseUrl: authOrigin,
      ancestors: project.authorized_origins,
      googleOneTap: usesGoogleScript(project, config),
    });
    const document = compressDocument(html, c.req.header('Accept-Encoding'));
    return new Response(document.bytes, {
      headers: { ...frameHeaders(csp), ...encodingHeaders(document) },
    });
  },
);
