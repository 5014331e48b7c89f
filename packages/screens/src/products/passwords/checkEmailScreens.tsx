import { ResetEmailSent } from './ResetEmailSent';

/** 'Forgot Password?' sent a reset link. */
export function PasswordForgot() {
  return <ResetEmailSent title="password.forgot.title" body="password.forgot.body" />;
}

/** Logging in with a breached password sent a reset email instead. */
export function PasswordBreached() {
  return <ResetEmailSent title="password.breached.title" body="password.breached.body" />;
}

/** 'Create a password instead' sent the email with a login link and a set-password link. */
export function PasswordSetNew() {
  return <ResetEmailSent title="password.checkEmail.title" body="password.checkEmail.body" />;
}

/** A password attempt answered reset_password: a security re-check by email. */
export function PasswordDedupe() {
  return <ResetEmailSent title="password.dedupe.title" body="password.dedupe.body" />;
}
