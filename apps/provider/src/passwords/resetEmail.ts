import type { MessageContent } from '../delivery';
import { escapeHtml } from '../frame/htmlPage';

/** The reset email: a link to set a new password, and a link to log in without one. */
export function passwordResetEmail({
  projectName,
  resetUrl,
  loginUrl,
  minutes,
}: {
  projectName: string;
  resetUrl: string;
  loginUrl: string;
  minutes: number;
}): MessageContent {
  const reset = `Set a new password for ${projectName}`;
  const login = `Log in to ${projectName} without a password`;
  return {
    subject: `Reset your ${projectName} password`,
    text:
      `${reset}: open this link within ${minutes} minutes.\n\n${resetUrl}\n\n` +
      `${login}:\n\n${loginUrl}\n\nIf you did not ask for it, ignore this email; your password is unchanged.`,
    html:
      `<p>${escapeHtml(reset)}: open this link within ${minutes} minutes.</p>` +
      `<p><a href="${escapeHtml(resetUrl)}">${escapeHtml(reset)}</a></p>` +
      `<p><a href="${escapeHtml(loginUrl)}">${escapeHtml(login)}</a></p>` +
      '<p>If you did not ask for it, ignore this email; your password is unchanged.</p>',
  };
}
