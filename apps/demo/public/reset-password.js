import { createClient, createLog, logDomEvents, loggingCallbacks } from './demo.js';

const log = createLog();
const client = createClient();
const here = window.location.origin;
const container = document.querySelector('#latch-reset');

logDomEvents(container, log);
try {
  // The widget reads ?token=... from this page's URL (passed over the channel as hostSearch).
  client?.mountResetPassword({
    elementId: '#latch-reset',
    config: {
      products: ['passwords', 'emailMagicLinks'],
      sessionOptions: { sessionDurationMinutes: 60 },
      emailMagicLinksOptions: {
        loginRedirectURL: `${here}/authenticate`,
        signupRedirectURL: `${here}/authenticate`,
      },
      passwordOptions: {
        loginRedirectURL: `${here}/authenticate`,
        resetPasswordRedirectURL: `${here}/reset-password`,
      },
    },
    callbacks: loggingCallbacks(log),
  });
} catch (error) {
  log('mount threw', { message: error instanceof Error ? error.message : String(error) });
}
