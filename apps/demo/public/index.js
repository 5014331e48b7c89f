import { createClient, createLog, logDomEvents, loggingCallbacks, showJson } from './demo.js';

const PRODUCT_ORDER = ['oauth', 'crypto', 'emailMagicLinks', 'otp', 'passwords', 'passkeys'];
const form = document.querySelector('#controls');
const container = document.querySelector('#latch-login');
const log = createLog();
const client = createClient();
const here = window.location.origin;

/** The login config for the current state of the panel. */
function readConfig() {
  const checked = (name) => [...form.querySelectorAll(`input[name="${name}"]:checked`)].map((i) => i.value);
  const products = PRODUCT_ORDER.filter((p) => checked('product').includes(p));
  const config = {
    products,
    sessionOptions: { sessionDurationMinutes: 60 },
    emailMagicLinksOptions: {
      loginRedirectURL: `${here}/authenticate`,
      signupRedirectURL: `${here}/authenticate`,
    },
    passwordOptions: {
      loginRedirectURL: `${here}/authenticate`,
      resetPasswordRedirectURL: `${here}/reset-password`,
    },
  };
  if (products.includes('otp')) config.otpOptions = { methods: checked('otpMethod'), expirationMinutes: 5 };
  if (products.includes('oauth')) {
    config.oauthOptions = {
      providers: [{ type: 'google' }, { type: 'github' }],
      loginRedirectURL: `${here}/authenticate`,
      signupRedirectURL: `${here}/authenticate`,
    };
  }
  return config;
}

function readStyles() {
  const value = (name) => form.elements.namedItem(name).value.trim();
  const primary = value('primary');
  // The primary colour alone: the widget makes its buttons and accents of it (docs/theming.md).
  const styles = {
    colors: { primary },
    container: {},
    hideHeaderText: form.elements.namedItem('hideHeader').checked,
  };
  if (value('width')) styles.container.width = value('width');
  if (value('radius')) styles.container.borderRadius = value('radius');
  return styles;
}

/** Gives the widget's column the container width, so the layout never squeezes the widget. */
function fitStage(width) {
  const playground = document.querySelector('.playground');
  if (width && CSS.supports('width', width)) playground.style.setProperty('--widget-width', width);
  else playground.style.removeProperty('--widget-width');
}

function mount() {
  const config = readConfig();
  const styles = readStyles();
  showJson('#options', { config, styles });
  fitStage(styles.container.width);
  if (!client) return;
  try {
    // Mounting again into the same element updates the widget in place.
    client.mountLogin({ elementId: '#latch-login', config, styles, callbacks: loggingCallbacks(log) });
  } catch (error) {
    log('mount threw', { message: error instanceof Error ? error.message : String(error) });
  }
}

function showSession(session) {
  document.querySelector('#session').textContent = session
    ? `${session.user_id} until ${new Date(session.expires_at).toLocaleTimeString()}`
    : 'signed out';
  document.querySelector('#logout').hidden = !session;
}

logDomEvents(container, log);
form.addEventListener('change', mount);
mount();
if (client) {
  showSession(client.session.getSync());
  client.session.onChange(showSession);
  document.querySelector('#logout').addEventListener('click', () => {
    client.session
      .revoke({ forceClear: true })
      .catch((error) => log('revoke failed', { message: error.message }));
  });
}
