import { providerErrorStrings } from './providerErrors';

/**
 * The catalogue's second part: the strings of every screen after Main, of the other mounts, of
 * the provider's error types and of developer diagnostics. The frame loads it after the first render (`loadCatalogue` in
 * @latch/screens). Each id lives in exactly one of the two files; `catalogue.ts` joins them.
 */
export const otherScreenStrings = {
  ...providerErrorStrings,

  // Buttons of the later screens
  'button.continue': 'Continue',
  'button.back': 'Back',

  // Google One Tap configuration errors: developer messages (links to the docs are clickable)
  'oneTap.error.originNotAllowed':
    "One Tap cannot render because the origin {origin} is not one of the Authorized JavaScript origins of the project's Google client. The widget runs on the authentication origin: add {origin} to the client in the Google Cloud console (APIs & Services → Credentials). Learn more: https://latch.dev/docs/oauth#google-one-tap",
  'oneTap.error.invalidClient':
    "One Tap cannot render because Google does not recognize the client ID configured for this project. Check that the client_id of the project's google provider (oauth_providers) matches the client ID in the Google Cloud console. Learn more: https://latch.dev/docs/oauth#google-one-tap",
  'oneTap.error.noOAuthConfig':
    'One Tap cannot render because no Google OAuth client with One Tap is configured for this project. Add "one_tap": true to the project\'s google provider (oauth_providers). Learn more: https://latch.dev/docs/oauth#google-one-tap',
  'oneTap.error.noLoginRedirectUrls':
    "One Tap cannot render because no redirect URL of this project matches oauthOptions.loginRedirectURL, so the login redirect URL cannot be verified. Add it to the project's redirect_urls. Learn more: https://latch.dev/docs/oauth#google-one-tap",
  'oneTap.error.noSignupRedirectUrls':
    "One Tap cannot render because no redirect URL of this project matches oauthOptions.signupRedirectURL, so the signup redirect URL cannot be verified. Add it to the project's redirect_urls. Learn more: https://latch.dev/docs/oauth#google-one-tap",
  'oneTap.error.defaultProviderNotAllowed':
    "One Tap cannot render because the dev identity provider is not compatible with One Tap outside test projects. Configure your own Google client (client_id and client_secret_env) for the project's google provider. Learn more: https://latch.dev/docs/oauth#google-one-tap",

  'oneTap.error.landingRefused': 'The host page refused to open the landing page.',

  // Passkey registration without a signed-in user: reported to the host
  'config.error.passkeyRegistrationNoUser':
    'Error: Cannot use PasskeyRegistration component without active user authenticated.',

  // Email confirmation
  'emailConfirmation.title': 'Check your email',
  'emailConfirmation.body': 'An email was sent to {email}.',
  'link.openInGmail': 'Open Gmail',
  'link.openInYahoo': 'Open Yahoo',
  'link.openInOutlook': 'Open Outlook',
  'button.tryAgain': 'Try again',

  // Passcode screens
  'passcode.title': 'Enter passcode',
  'passcode.sentTo': 'A 6-digit passcode was sent to you at {destination}.',
  'passcode.inputLabel': 'One-time passcode',
  'passcode.digitLabel': 'Digit {index} of {count}',
  'passcode.expiresIn': 'Your code expires in {time}.',
  'passcode.expired': 'Your code has expired.',
  'passcode.didntGetIt': "Didn't get it?",
  'passcode.resend': 'Resend code',
  'passcode.sending': 'Sending code...',
  'passcode.sent': 'Code sent',
  'passcode.resendFailed': 'The code could not be resent. {reason}',
  'passcode.verifying': 'Verifying passcode...',
  'success.title': 'Success!',
  'otpConfirmation.body': 'Your passcode has been successfully verified.',

  // Password screens
  'password.create.body': 'Finish creating your account by setting a password.',
  'password.chooseHowToCreate': 'Choose how you would like to create your account.',
  'password.createInstead': 'Create a password instead',
  'password.forgotLink': 'Forgot Password?',
  'button.emailLoginLink': 'Email me a login link',
  'button.emailLoginCode': 'Email me a login code',
  'button.loginWithoutPassword': 'Login without a password',
  'password.resendEmail': 'Resend email',
  'password.emailResent': 'Email resent',
  'password.breached.title': 'Check your email to set a new password',
  'password.checkEmail.title': 'Check your email!',
  'password.dedupe.title': 'Check your email to set a new password!',
  'password.reset.title': 'Reset your password',
  'password.reset.loggingIn': 'Logging in...',
  'password.confirmation.body': 'You have successfully logged in.',
  'password.luds.minimumLength': 'Must be at least {count} character(s) long',
  'password.luds.complexity':
    'Must contain {count} of the following: uppercase letter, lowercase letter, number, symbol',
  'password.breached':
    'This password may have been used on a different site that experienced a security issue. Please choose another password.',
  'password.create.title': 'Create account',
  'password.login.title': 'Log In',
  'formField.password.label': 'Password',
  'formField.newPassword.label': 'New password',
  'password.show': 'Show password',
  'password.hide': 'Hide password',
  'password.strength.label': 'Password strength',
  'password.requirement.met': 'Requirement met:',
  'password.requirement.unmet': 'Requirement not met:',
  'password.forgot.title': 'Forgot password?',
  'password.forgot.body': 'A link to reset your password was sent to you at {email}.',
  'password.breached.body':
    'A different site where you use the same password had a security issue recently. For your safety, an email was sent to you at {email} to reset your password.',
  'password.checkEmail.body': 'A login link was sent to you at {email}.',
  'password.dedupe.body':
    'We want to make sure your account is secure and that it’s really you logging in! A login link was sent to you at {email}.',
  'password.reset.missingToken': 'This link has no reset token. Please request a new password reset email.',
  'password.reset.linkUsed':
    'This password reset link was already used or has expired. Please request a new password reset email.',
  // zxcvbn feedback, keyed like @zxcvbn-ts/language-en; the English text is the phrase the provider sends
  'password.zxcvbn.warning.straightRow': 'Straight rows of keys on your keyboard are easy to guess.',
  'password.zxcvbn.warning.keyPattern': 'Short keyboard patterns are easy to guess.',
  'password.zxcvbn.warning.simpleRepeat': 'Repeated characters like "aaa" are easy to guess.',
  'password.zxcvbn.warning.extendedRepeat': 'Repeated character patterns like "abcabcabc" are easy to guess.',
  'password.zxcvbn.warning.sequences': 'Common character sequences like "abc" are easy to guess.',
  'password.zxcvbn.warning.recentYears': 'Recent years are easy to guess.',
  'password.zxcvbn.warning.dates': 'Dates are easy to guess.',
  'password.zxcvbn.warning.topTen': 'This is a heavily used password.',
  'password.zxcvbn.warning.topHundred': 'This is a frequently used password.',
  'password.zxcvbn.warning.common': 'This is a commonly used password.',
  'password.zxcvbn.warning.similarToCommon': 'This is similar to a commonly used password.',
  'password.zxcvbn.warning.wordByItself': 'Single words are easy to guess.',
  'password.zxcvbn.warning.namesByThemselves': 'Single names or surnames are easy to guess.',
  'password.zxcvbn.warning.commonNames': 'Common names and surnames are easy to guess.',
  'password.zxcvbn.warning.userInputs': 'There should not be any personal or page related data.',
  'password.zxcvbn.warning.pwned': 'Your password was exposed by a data breach on the Internet.',
  'password.zxcvbn.suggestion.l33t': "Avoid predictable letter substitutions like '@' for 'a'.",
  'password.zxcvbn.suggestion.reverseWords': 'Avoid reversed spellings of common words.',
  'password.zxcvbn.suggestion.allUppercase': 'Capitalize some, but not all letters.',
  'password.zxcvbn.suggestion.capitalization': 'Capitalize more than the first letter.',
  'password.zxcvbn.suggestion.dates': 'Avoid dates and years that are associated with you.',
  'password.zxcvbn.suggestion.recentYears': 'Avoid recent years.',
  'password.zxcvbn.suggestion.associatedYears': 'Avoid years that are associated with you.',
  'password.zxcvbn.suggestion.sequences': 'Avoid common character sequences.',
  'password.zxcvbn.suggestion.repeated': 'Avoid repeated words and characters.',
  'password.zxcvbn.suggestion.longerKeyboardPattern':
    'Use longer keyboard patterns and change typing direction multiple times.',
  'password.zxcvbn.suggestion.anotherWord': 'Add more words that are less common.',
  'password.zxcvbn.suggestion.useWords': 'Use multiple words, but avoid common phrases.',
  'password.zxcvbn.suggestion.noNeed':
    'You can create strong passwords without using symbols, numbers, or uppercase letters.',
  'password.zxcvbn.suggestion.pwned': 'If you use this password elsewhere, you should change it.',
  'crypto.connecting': 'Connecting to your wallet...',
  'crypto.signing': 'Completing signature request...',
  'crypto.error.title': 'Looks like there was an error!',
  'crypto.error.body':
    'Your sign in request could not be completed. Use the back arrow to return to the log in screen and try again!',
  'crypto.other.title': 'Other Crypto Wallets',
  'crypto.confirmation.body': 'Your crypto wallet has been successfully authenticated.',
  'crypto.download': 'Download {wallet}',

  // Passkey screens
  'passkey.registrationStart.title': 'Set up a new Passkey',
  'passkey.create': 'Create a Passkey',
  'passkey.skip': 'Skip',
  'passkey.registrationSuccess.title': 'Passkey successfully created!',
  'passkey.registrationSkipped.title': 'Passkey setup skipped',
  'passkey.existing': 'Existing Passkeys',
  'passkey.delete': 'Delete',
  'passkey.cancel': 'Cancel',
  'passkey.deleteWarning': 'Once deleted, the passkey cannot be restored.',
  'passkey.setupAnother': 'Set up another Passkey',
  'passkey.done': 'Done',
  'passkey.confirmation.body': 'Your Passkey has been successfully authenticated.',
  'passkey.rename': 'Rename',
  'passkey.renameItem': 'Rename {name}',
  'passkey.deleteItem': 'Delete {name}',
  'passkey.nameLabel': 'Passkey name',
  'passkey.save': 'Save',
  'passkey.unnamed': 'Passkey {number}',

  // Identity provider
  'idp.noSession': 'No active session detected. Please log in to continue.',
  'idp.missingParam':
    'Required parameter is missing: {param}. Please reach out to the application developer.',
  'idp.attestFailed': 'Trusted auth token is not verified',
  'idp.denied': 'Access to the application was denied.',
  'idp.logout.title': 'Log out?',
  'idp.logout.body': 'Are you sure you want to log out of your {projectName} account?',
  'idp.logout.notLoggedOut': 'You have not been logged out. You may close this page.',
  'idp.logout.yes': 'Yes',
  'idp.logout.no': 'No',
  'idp.consent.titleStandard': 'Sign in to {clientName} with {projectName}',
  'idp.consent.titleCustom': '{clientName} wants to access your {projectName} account',
  'idp.consent.requesting': '{clientName} is requesting to:',
  'idp.consent.allowTo': 'Allow {clientName} to:',
  'idp.consent.ungrantableSummary':
    'You do not have permissions to grant {clientName} access to some of the requested scopes.',
  'idp.consent.ungrantableHeader': "You cannot grant {clientName}'s request to:",
  'idp.consent.allow': 'Allow',
  'idp.consent.deny': 'Deny',
  'idp.consent.fallbackClientName': 'The App',
  'idp.consent.logoAlt': '{clientName} logo',
  'idp.error.title': 'Looks like there was an error!',
  'idp.scope.openid': 'Verify your identity and view your account information',
  'idp.scope.profile': 'View your name, picture and language',
  'idp.scope.email': 'View your email address',
  'idp.scope.phone': 'View your phone number',
  'idp.scope.offline_access': 'Keep access while you are offline, for background sync',
  'idp.scope.custom': 'Use the {scope} scope',
} as const;
