/** The login configs the first-screen benches measure, by name (`--config` picks one in benchAB). */
export const BENCH_CONFIGS = {
  emailMagicLinks: { products: ['emailMagicLinks'] },
  'otp email+sms': { products: ['otp'], otpOptions: { methods: ['email', 'sms'] } },
  passwords: { products: ['passwords'] },
  'passkeys+emailMagicLinks': { products: ['emailMagicLinks', 'passkeys'] },
};
