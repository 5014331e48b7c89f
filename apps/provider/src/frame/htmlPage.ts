import { pageStatus, type PageOutcome } from '../http/pageStatus';
import { NO_EMBED_CSP, frameHeaders } from './frameHeaders';

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);

/** A small self-contained HTML page that cannot be framed. `body` must already be escaped HTML. */
export function htmlPage(outcome: PageOutcome, title: string, body: string): Response {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 Arial,sans-serif;margin:2rem auto;max-width:48rem;padding:0 1rem;color:#19303d}code{background:#f1f4f6;padding:0 .25rem}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #dde3e7;padding:.4rem;text-align:left;vertical-align:top}</style>
</head><body><h1>${escapeHtml(title)}</h1>${body}</body></html>`;
  return new Response(html, { status: pageStatus(outcome), headers: frameHeaders(NO_EMBED_CSP) });
}
