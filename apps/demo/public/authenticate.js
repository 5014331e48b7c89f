import { createClient, createLog, showJson } from './demo.js';

const log = createLog();
const client = createClient();
const status = document.querySelector('#status');

async function authenticate() {
  if (!client) return;
  try {
    // Takes ?token=...&stytch_token_type=magic_links|login|oauth out of the URL, then authenticates.
    const result = await client.authenticateByUrl({ session_duration_minutes: 60 });
    if (!result) {
      status.textContent =
        'No token in the URL: open a magic link from the dev inbox, or sign in with OAuth.';
      return;
    }
    status.textContent = 'Signed in.';
    showJson('#result', { user: result.user, session: result.session });
    log('authenticateByUrl', { user_id: result.user_id, session_id: result.session?.session_id });
  } catch (error) {
    status.textContent = `Sign-in failed: ${error instanceof Error ? error.message : String(error)}`;
    log('authenticateByUrl failed', { message: error?.message, error_type: error?.error_type });
  }
}

authenticate();
