import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent (headers and MIME body), soft line breaks of quoted-printable joined. */
  data: string;
}

/** What the server answers the next message with: accept it, a reply code (4xx, 5xx), or nothing. */
export type SmtpBehaviour = 'accept' | 'hang' | { code: number; message: string };

const replyError = (code: number, message: string): Error =>
  Object.assign(new Error(message), { responseCode: code });

/**
 * An SMTP server on localhost (the `smtp-server` package, nodemailer's own), without TLS, with a
 * login only when `login` is given, that keeps what it accepts. `behave` decides each message's answer at its DATA: so a test makes
 * it fail for a while, refuse, or hang.
 */
export async function startSmtpStandIn(
  behave: (attempt: number) => SmtpBehaviour = () => 'accept',
  { login }: { login?: { user: string; pass: string } } = {},
) {
  const mails: ReceivedMail[] = [];
  let attempts = 0;
  const hanging: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: !login,
    // A login over plain text: only on localhost, in tests.
    allowInsecureAuth: true,
    disabledCommands: login ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass)
        return callback(null, { user: auth.username });
      callback(replyError(535, 'Authentication credentials invalid'));
    },
    logger: false,
    size: 1024 * 1024,
    onData(stream: SMTPServerDataStream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const behaviour = behave(++attempts);
        if (behaviour === 'hang') {
          hanging.push(() => callback(replyError(421, 'closing')));
          return;
        }
        if (behaviour !== 'accept') return callback(replyError(behaviour.code, behaviour.message));
        mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
        });
        callback();
      });
    },
  });
  // A provider killed mid-message resets its connection: expected in these tests.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    mails,
    /** Messages that reached DATA, accepted or not. */
    attempts: () => attempts,
    /** How many messages the server holds without an answer. */
    hangingCount: () => hanging.length,
    close: async () => {
      for (const release of hanging.splice(0)) release();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type SmtpStandIn = Awaited<ReturnType<typeof startSmtpStandIn>>;
