import type { ProjectConfig } from '../config/configSchema';
import { escapeHtml } from '../frame/htmlPage';
import { counted, MINUTES } from './plural';

/** The provider's message texts, in one place (the widget's own strings live in packages/screens). */
export interface MessageContent {
  subject: string;
  text: string;
  html?: string;
}

/** What an email's template reads of its project: its name and its `email_template`. */
export type EmailBranding = Pick<ProjectConfig, 'name' | 'email_template'>;

/** An email's words, before the project's template lays them out as text and as HTML. */
export interface EmailBody {
  subject: string;
  /** The opening sentence. */
  lead: string;
  /** A passcode, shown large. */
  code?: string;
  /** Links, each a button in HTML and `label:` then the URL in text. */
  actions?: { label: string; url: string }[];
  /** The closing line, unless the project overrides it (`email_template.ignore_notice`). */
  notice: string;
}

const DEFAULT_COLOR = '#1a73e8';

/**
 * The project's email: a text part and an HTML part with its logo (or name) on top, its colour on
 * the buttons, its closing line and footer. Everything from the config or the request is escaped.
 */
export function renderEmail(project: EmailBranding, body: EmailBody): MessageContent {
  const template = project.email_template ?? {};
  const color = template.primary_color ?? DEFAULT_COLOR;
  const notice = template.ignore_notice ?? body.notice;
  const actions = body.actions ?? [];
  const text = [
    body.lead,
    ...(body.code ? [body.code] : []),
    ...actions.map(({ label, url }) => `${label}:\n${url}`),
    notice,
    ...(template.footer ? [`--\n${template.footer}`] : []),
  ].join('\n\n');
  const header = template.logo_url
    ? `<img src="${escapeHtml(template.logo_url)}" alt="${escapeHtml(project.name)}" style="max-height:50px;max-width:200px">`
    : `<strong style="font-size:1.25rem">${escapeHtml(project.name)}</strong>`;
  const button = ({ label, url }: { label: string; url: string }): string =>
    `<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 18px;border-radius:4px;` +
    `background:${color};color:#ffffff;text-decoration:none">${escapeHtml(label)}</a></p>`;
  const html =
    '<!doctype html><html><body style="margin:0;padding:24px;background:#f6f7f9;font-family:Arial,sans-serif;color:#202124">' +
    '<div style="max-width:520px;margin:0 auto;padding:24px;background:#ffffff;border-radius:8px">' +
    `<p>${header}</p><p>${escapeHtml(body.lead)}</p>` +
    (body.code
      ? `<p style="font-size:2rem;letter-spacing:.3rem;color:${color}"><strong>${escapeHtml(body.code)}</strong></p>`
      : '') +
    actions.map(button).join('') +
    `<p style="color:#5f6368">${escapeHtml(notice)}</p>` +
    (template.footer ? `<p style="color:#80868b;font-size:.8rem">${escapeHtml(template.footer)}</p>` : '') +
    '</div></body></html>';
  return { subject: body.subject, text, html };
}

const IGNORE = 'If you did not ask for it, ignore this email.';

export function magicLinkEmail(
  project: EmailBranding,
  { url, minutes, signup }: { url: string; minutes: number; signup: boolean },
): MessageContent {
  const action = signup ? `Finish signing up for ${project.name}` : `Log in to ${project.name}`;
  return renderEmail(project, {
    subject: signup ? `Your sign-up link for ${project.name}` : `Your login link for ${project.name}`,
    lead: `${action}: open this link within ${counted(minutes, MINUTES)}.`,
    actions: [{ label: action, url }],
    notice: IGNORE,
  });
}

export function otpEmail(
  project: EmailBranding,
  { code, minutes }: { code: string; minutes: number },
): MessageContent {
  return renderEmail(project, {
    subject: `Your ${project.name} code is ${code}`,
    lead: `Your ${project.name} verification code is below. It expires in ${counted(minutes, MINUTES)}.`,
    code,
    notice: IGNORE,
  });
}

export function otpText(
  { name }: EmailBranding,
  { code, minutes }: { code: string; minutes: number },
): MessageContent {
  return {
    subject: '',
    text: `${code} is your ${name} verification code. It expires in ${counted(minutes, MINUTES)}.`,
  };
}
