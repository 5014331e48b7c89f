import { createClient, createLog, logDomEvents, loggingCallbacks } from './demo.js';

// The project's authorization page (its `idp_authorization_url`): the OpenID Connect authorization
// endpoint sends a relying party's visitor here with the request in the query string. A visitor
// who is not signed in signs in first with the login widget on this same page, so the request in
// the URL is kept; the consent screen replaces the widget once the session exists.
const log = createLog();
const client = createClient();
const query = new URLSearchParams(location.search);
const loginContainer = document.querySelector('#latch-login');
const consentContainer = document.querySelector('#latch-idp');
const hint = document.querySelector('#idp-step');

// A sign-in that stays on this page: an emailed passcode. Magic links and OAuth would leave it
// (they land on /authenticate) and lose the authorization request.
const SIGN_IN = { products: ['otp'], otpOptions: { methods: ['email'], expirationMinutes: 5 } };

// Logout needs no sign-in, and prompt=none must show no UI: the consent screen answers both alone
// (prompt=none without a session sends the visitor back with login_required).
const isLogout = query.has('post_logout_redirect_uri');
const silent = (query.get('prompt') ?? '').split(' ').includes('none');
const signInFirst = !isLogout && !silent;

let shown = null;
let unmount = () => {};

function show(step) {
  if (!client || step === shown) return;
  unmount();
  shown = step;
  loginContainer.hidden = step !== 'login';
  consentContainer.hidden = step !== 'consent';
  if (hint) hint.textContent = step === 'login' ? 'Sign in to continue to the application.' : '';
  try {
    unmount =
      step === 'login'
        ? client.mountLogin({ elementId: '#latch-login', config: SIGN_IN, callbacks: loggingCallbacks(log) })
        : client.mountIdentityProvider({ elementId: '#latch-idp', callbacks: loggingCallbacks(log) });
  } catch (error) {
    unmount = () => {};
    log('mount threw', { message: error instanceof Error ? error.message : String(error) });
  }
}

logDomEvents(loginContainer, log);
logDomEvents(consentContainer, log);
if (client) {
  // The session cookie is what the consent screen receives; the session state may only arrive
  // once the session module has loaded, and onChange reports it then.
  const signedIn = client.session.getTokens() !== null || client.session.getSync() !== null;
  show(signedIn || !signInFirst ? 'consent' : 'login');
  if (signInFirst) client.session.onChange((session) => show(session ? 'consent' : 'login'));
}
