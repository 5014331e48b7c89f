import { createServer, type Server } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

const REPLIES: Record<string, string> = {
  EHLO: '250 localhost\r\n',
  HELO: '250 localhost\r\n',
  DATA: '354 End data with <CR><LF>.<CR><LF>\r\n',
  QUIT: '221 Bye\r\n',
};

/**
 * A test-only SMTP server on localhost that speaks just enough of RFC 5321 (220, 250, 354, 221)
 * for nodemailer to hand over a message without TLS or AUTH.
 */
export async function startFakeSmtpServer(): Promise<{
  port: number;
  mails: ReceivedMail[];
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server: Server = createServer((socket) => {
    let buffer = '';
    let mail: ReceivedMail = { from: '', to: [], data: '' };
    let inData = false;
    socket.setEncoding('utf8');
    socket.write('220 localhost fake SMTP\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      let end: number;
      while ((end = buffer.indexOf('\r\n')) !== -1) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            mails.push(mail);
            mail = { from: '', to: [], data: '' };
            socket.write('250 OK queued\r\n');
          } else mail.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const command = line.slice(0, 4).toUpperCase();
        if (command === 'MAIL') mail.from = line.slice(10);
        if (command === 'RCPT') mail.to.push(line.slice(8));
        if (command === 'DATA') inData = true;
        socket.write(REPLIES[command] ?? '250 OK\r\n');
        if (command === 'QUIT') socket.end();
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    port,
    mails,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
