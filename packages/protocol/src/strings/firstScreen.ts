/**
 * The catalogue's first part: every string the login screen (Main) and the frame's shell can show
 * before the visitor leaves it, including the errors of its first submit. The frame bundles these
 * with its entry; the rest (`otherScreens.ts`) arrives in a chunk of its own after the first render.
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

  // Errors shown for provider error types (docs/errors.md)
  'error.invalid_email': 'Email format is invalid.',
  'error.invalid_phone_number':
    'Phone number format is invalid. Ensure the phone number is in the E.164 format.',
  'error.unsubscribed_phone_number': 'Phone number is unsubscribed; resubscribe by texting START.',
  'error.inactive_email': 'The email address is marked as inactive. Try another or contact your admin.',
  'error.unauthorized_credentials': 'Unauthorized credentials.',
  'error.user_unauthenticated': 'Must have an active session to call this method.',
  'error.email_not_found': 'Email not found.',
  'error.unable_to_auth_magic_link': 'The magic link was already used or expired.',
  'error.no_user_password': 'Password not found for this user.',
  'error.breached_password': 'Password appears in the list of breached passwords and must be reset.',
  'error.reset_password': 'Password must be reset.',
  'error.oauth_token_not_found': 'OAuth Token could not be found.',
  'error.invalid_code': 'Code format is invalid.',
  'error.member_password_not_found': 'Member password not found.',
  'error.oauth_flow_callback_error': 'Error in the OAuth callback.',
  'error.unauthorized_action': 'Unauthorized action.',
  'error.user_lock_limit_reached': 'Too many failed authentication attempts. Please try again later.',
  'error.invalid_session_token': 'Invalid session token.',
  'error.session_not_found': 'Session not found.',
  'error.invalid_phone_number_country_code': 'The country code is invalid, unsupported or disabled.',
  'error.otp_code_not_found': 'Invalid passcode, please try again.',
  'error.duplicate_member_phone_number':
    'A member with that phone number already exists for this organization.',
  'error.webauthn_registration_not_found':
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  'error.passkeyUnknown': 'Unknown error occurred during passkey authentication. Please try again.',
  'error.duplicatePasskey':
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  'error.passkeyNotCreated':
    'Your Passkey was not created. Click “Create a Passkey” to try again or skip without adding a Passkey.',
  'error.network': 'The sign-in service could not be reached. Check your connection and try again.',
  'error.unknown': 'Something went wrong. Please try again.',
} as const;
