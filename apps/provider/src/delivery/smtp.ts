import nodemailer from 'nodemailer';
import type { ProjectConfig } from '../config/configSchema';

export type SmtpSettings = NonNullable<ProjectConfig['smtp']>;

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
}

/** Sends one email through the project's SMTP server; rejects with the server's reason. */
export async function sendSmtp(settings: SmtpSettings, mail: Mail): Promise<void> {
  const transport = nodemailer.createTransport({
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user ? { auth: { user: settings.user, pass: settings.password ?? '' } } : {}),
    // A dead server must not hold a sign-in request for minutes.
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
  try {
    await transport.sendMail({
      from: settings.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
    });
  } finally {
    transport.close();
  }
}
