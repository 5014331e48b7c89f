import { escapeHtml } from '../frame/htmlPage';
import { frameHeaders } from '../frame/frameHeaders';
import { pageStatus } from '../http/pageStatus';

/**
 * No `form-action`: Chrome checks it along the form's whole redirect chain, and this one ends on
 * the host's redirect URL (the form itself only ever posts back here).
 */
const DEV_IDP_CSP = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; frame-ancestors 'none'";

/**
 * The built-in stand-in for a social identity provider (config `dev_idp: true`): the visitor
 * types the account's email and the provider treats it as that provider's verified account.
 */
export function devIdpPage({
  providerName,
  projectName,
  action,
  state,
  problem,
}: {
  providerName: string;
  projectName: string;
  action: string;
  state: string;
  problem?: string;
}): Response {
  const title = `Sign in with ${providerName}`;
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 Arial,sans-serif;margin:3rem auto;max-width:26rem;padding:0 1rem;color:#19303d}
label{display:block;margin:1rem 0 .25rem}input{box-sizing:border-box;width:100%;height:47px;padding:0 .75rem;border:1px solid #5c727d;border-radius:4px;font:inherit}
button{margin-top:1.5rem;width:100%;height:45px;border:0;border-radius:4px;background:#19303d;color:#fff;font:inherit}
.note{font-size:14px;color:#5c727d}.problem{color:#b3261e}</style>
</head><body><main>
<h1>${escapeHtml(title)}</h1>
<p>to continue to <strong>${escapeHtml(projectName)}</strong></p>
${problem ? `<p class="problem" role="alert">${escapeHtml(problem)}</p>` : ''}
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="state" value="${escapeHtml(state)}">
<label for="email">Email of your ${escapeHtml(providerName)} account</label>
<input id="email" name="email" type="email" autocomplete="email" required>
<button type="submit">Continue</button>
</form>
<p class="note">Latch dev identity provider: a local stand-in for ${escapeHtml(providerName)}, for test projects only.</p>
</main></body></html>`;
  return new Response(html, {
    status: pageStatus(problem ? 'bad_request' : 'ok'),
    headers: frameHeaders(DEV_IDP_CSP),
  });
}
