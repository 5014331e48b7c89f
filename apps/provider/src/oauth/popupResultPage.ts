import { OAUTH_POPUP_MESSAGE, type OAuthPopupMessage } from '@latch/api';
import { randomToken } from '../crypto/hash';
import { escapeHtml } from '../frame/htmlPage';

/** JSON safe inside a `<script>` element: no `<` can close it early. */
const scriptJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

export type PopupOutcome = { token: string } | { error_type: string; error_message: string };

/**
 * The last page of a popup sign-in, on the auth origin: it posts the outcome to the window that
 * opened the popup, the widget's frame, and closes. The target origin is exactly the auth origin
 * (the frame's own), never '*': if anything else opened the popup, or the opener was navigated
 * away, the browser drops the message. The frame checks the sender too, and the token is worth
 * nothing without the PKCE verifier only the frame holds.
 *
 * No Cross-Origin-Opener-Policy other than `unsafe-none`: `same-origin` would sever the popup from
 * its opener (the frame sits in a page of another origin) and the message would have nowhere to go.
 */
export function popupResultPage(authOrigin: string, codeChallenge: string, outcome: PopupOutcome): Response {
  const message: OAuthPopupMessage = { type: OAUTH_POPUP_MESSAGE, code_challenge: codeChallenge, ...outcome };
  const nonce = randomToken(16);
  const title = 'token' in outcome ? 'Signed in' : 'Sign-in could not continue';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font:16px/1.5 Arial,sans-serif;margin:2rem auto;max-width:32rem;padding:0 1rem;color:#19303d}</style>
</head><body><h1>${escapeHtml(title)}</h1>
<p id="lost" hidden>This window has lost its link to the app. Close it and start again from the app.</p>
<p id="done">You can close this window.</p>
<script type="application/json" id="latch-result">${scriptJson({ message, target: authOrigin })}</script>
<script nonce="${nonce}">
(function () {
  var data = JSON.parse(document.getElementById('latch-result').textContent);
  if (window.opener) {
    window.opener.postMessage(data.message, data.target);
    window.close();
  } else {
    document.getElementById('lost').hidden = false;
    document.getElementById('done').hidden = true;
  }
})();
</script></body></html>`;
  return new Response(html, {
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'Cross-Origin-Opener-Policy': 'unsafe-none',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'no-store',
    },
  });
}
