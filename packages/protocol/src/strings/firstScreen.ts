/**
 * The catalogue's first part: every string the login screen (Main) and the frame's shell can show
 * before the visitor leaves it, including its validation messages. The frame bundles these with its
 * entry; the rest (`otherScreens.ts`) arrives in a chunk of its own after the first render.
 * Each id lives in exactly one of the two files; `catalogue.ts` joins them into the one catalogue.
 */
export const firstScreenStrings = {
  // Frame shell
  'frame.topLevel': 'This sign-in page is part of another site and cannot be opened on its own.',
  'frame.bootError': 'The sign-in form could not start. Please reload the page.',
  'frame.loading': 'Loading…',
  'frame.landmark': 'Sign-in widget',

  // Main screen
  'login.title': 'Sign up or log in',
  'logo.alt': 'Logo',
  'divider.or': 'or',
  'tabs.label': 'Choose how to sign in',
  'tab.email': 'Email',
  'tab.text': 'Text',
  'tab.whatsapp': 'WhatsApp',
  'formField.email.label': 'Email',
  'formField.email.placeholder': 'example@email.com',
  'formField.phone.label': 'Phone number',
  'formField.country.label': 'Country',
  'formField.required': 'This field is required.',
  'button.continueWithEmail': 'Continue with email',
  'button.continueWithText': 'Continue with text message',
  'button.continueWithWhatsApp': 'Continue with WhatsApp',
  'button.loginWithPasskey': 'Login with a Passkey',
  'oauth.continueWith': 'Continue with {provider}',
  'oauth.notConfigured':
    'Sign-in with {provider} is not set up for this app yet. Try another way to sign in.',

  // Configuration errors (docs/embed.md, configuration problems)
  'config.error.emlAndEmailOtp': 'Error: Cannot use both EML and Email OTP',
  'config.error.passkeysAlone':
    'Error: Cannot use Passkeys by itself, please add another product to the config.',
  'config.error.noProducts':
    'Error: No product is configured, please add at least one product to the config.',
  'config.error.otpNoMethods':
    'Error: Cannot use OTP without a method, please add email, sms or whatsapp to otpOptions.methods in the config.',
  'config.error.oauthNoProviders':
    'Error: Cannot use OAuth without a provider, please add one to oauthOptions.providers in the config.',

  // Validation of form fields
  'validation.email.otp': 'Invalid email address.',
  'validation.email.format': 'Email format is invalid.',
  'validation.phone.format':
    'Phone number format is invalid. Ensure the phone number is in the E.164 format.',

  // Crypto screens
  'crypto.continueWithOther': 'Continue with other Crypto Wallet',
  'crypto.setupNew': 'Set up a new crypto wallet',
  'crypto.continueWith': 'Continue with {wallet}',
  'crypto.wallet.otherEthereum': 'Other Ethereum Wallet',
  'crypto.wallet.otherSolana': 'Other Solana Wallet',

  // Toasts (react-toastify's own English labels replaced)
  'toast.region': 'Notifications',
  'toast.close': 'Close',

  // Watermark
  'watermark.poweredBy': 'Powered by',
  'watermark.brand': 'Latch',

  // Errors of the frame itself (the provider's error types are in otherScreens.ts)
  'error.passkeyUnknown': 'Unknown error occurred during passkey authentication. Please try again.',
  'error.duplicatePasskey':
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  'error.passkeyNotCreated':
    'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
  'error.network': 'The sign-in service could not be reached. Check your connection and try again.',
  'error.unknown': 'Something went wrong. Please try again.',
} as const;
