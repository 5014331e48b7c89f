/** Login configurations the specs mount, named after what the visitor sees. */
export const otpConfig = (method: 'email' | 'sms' | 'whatsapp') => ({
  products: ['otp'],
  otpOptions: { methods: [method], expirationMinutes: 5 },
});

export const EMAIL_CODE = otpConfig('email');
export const SMS_CODE = otpConfig('sms');
export const WHATSAPP_CODE = otpConfig('whatsapp');

/** Passwords alone: the email leads to Create account or Log In. */
export const PASSWORDS = { products: ['passwords'] };

/** No email field, so Main shows 'Login with a Passkey' next to the phone form. */
export const PASSKEYS_AND_SMS = {
  products: ['passkeys', 'otp'],
  otpOptions: { methods: ['sms'], expirationMinutes: 5 },
};
