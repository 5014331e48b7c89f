import { createClient, createLog, logDomEvents, loggingCallbacks } from './demo.js';

const log = createLog();
const client = createClient();
const container = document.querySelector('#latch-idp');

logDomEvents(container, log);
try {
  // The flow (authorize or logout) comes from this page's query string.
  client?.mountIdentityProvider({ elementId: '#latch-idp', callbacks: loggingCallbacks(log) });
} catch (error) {
  log('mount threw', { message: error instanceof Error ? error.message : String(error) });
}
