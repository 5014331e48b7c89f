// A pretend OAuth client: links that start an authorize or logout request on the demo's /idp
// page, and the parameters the identity provider sent back to this redirect URI.
const CLIENT_ID = 'connected-app-test-demo';
const here = `${location.origin}/third-party-app`;
const state = crypto.randomUUID();

const authorize = new URLSearchParams({
  client_id: CLIENT_ID,
  redirect_uri: here,
  response_type: 'code',
  scope: 'openid email profile read:notes',
  state,
});
const logout = new URLSearchParams({ client_id: CLIENT_ID, post_logout_redirect_uri: here, state });
document.querySelector('#authorize')?.setAttribute('href', `/idp?${authorize}`);
document.querySelector('#logout')?.setAttribute('href', `/idp?${logout}`);

const received = Object.fromEntries(new URLSearchParams(location.search));
if (Object.keys(received).length > 0) {
  const result = document.querySelector('#result');
  if (result) result.textContent = JSON.stringify(received, null, 2);
}
