import { createClient, createLog, logDomEvents, loggingCallbacks } from './demo.js';

const log = createLog();
const client = createClient();
const container = document.querySelector('#latch-passkeys');

logDomEvents(container, log);
try {
  client?.mountPasskeyRegistration({
    elementId: '#latch-passkeys',
    config: { products: ['passkeys', 'emailMagicLinks'], sessionOptions: { sessionDurationMinutes: 60 } },
    callbacks: loggingCallbacks(log),
  });
} catch (error) {
  log('mount threw', { message: error instanceof Error ? error.message : String(error) });
}
