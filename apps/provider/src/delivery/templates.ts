import { escapeHtml } from '../frame/htmlPage';
import { counted, MINUTES } from './plural';

/** The provider's message texts, in one place (the widget's own strings live in packages/screens). */
export interface MessageContent {
  subject: string;
  text: string;
  html?: string;
}

export function magicLinkEmail({
  projectName,
  url,
  minutes,
  signup,
}: {
  projectName: string;
  url: string;
  minutes: number;
  signup: boolean;
}): MessageContent {
  const action = signup ? `Finish signing up for ${projectName}` : `Log in to ${projectName}`;
  const subject = signup ? `Your sign-up link for ${projectName}` : `Your login link for ${projectName}`;
  return {
    subject,
    text: `${action}: open this link within ${counted(minutes, MINUTES)}.\n\n${url}\n\nIf you did not ask for it, ignore this email.`,
    html:
      `<p>${escapeHtml(action)}: open this link within ${counted(minutes, MINUTES)}.</p>` +
      `<p><a href="${escapeHtml(url)}">${escapeHtml(action)}</a></p>` +
      '<p>If you did not ask for it, ignore this email.</p>',
  };
}

export function otpEmail({
  projectName,
  code,
  minutes,
}: {
  projectName: string;
  code: string;
  minutes: number;
}): MessageContent {
  return {
    subject: `Your ${projectName} code is ${code}`,
    text: `Your ${projectName} verification code is ${code}. It expires in ${counted(minutes, MINUTES)}.\n\nIf you did not ask for it, ignore this email.`,
    html:
      `<p>Your ${escapeHtml(projectName)} verification code is</p><p style="font-size:2rem;letter-spacing:.3rem"><strong>${escapeHtml(code)}</strong></p>` +
      `<p>It expires in ${counted(minutes, MINUTES)}. If you did not ask for it, ignore this email.</p>`,
  };
}

export function otpText({
  projectName,
  code,
  minutes,
}: {
  projectName: string;
  code: string;
  minutes: number;
}): MessageContent {
  return {
    subject: '',
    text: `${code} is your ${projectName} verification code. It expires in ${counted(minutes, MINUTES)}.`,
  };
}
