import { renderEmail, type EmailBranding, type MessageContent } from '../delivery';

/** The reset email: a link to set a new password, and a link to log in without one. */
export function passwordResetEmail(
  project: EmailBranding,
  { resetUrl, loginUrl, minutes }: { resetUrl: string; loginUrl: string; minutes: number },
): MessageContent {
  const reset = `Set a new password for ${project.name}`;
  return renderEmail(project, {
    subject: `Reset your ${project.name} password`,
    lead: `${reset}: open this link within ${minutes} minutes.`,
    actions: [
      { label: reset, url: resetUrl },
      { label: `Log in to ${project.name} without a password`, url: loginUrl },
    ],
    notice: 'If you did not ask for it, ignore this email; your password is unchanged.',
  });
}
